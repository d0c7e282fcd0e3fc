import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing
import UnderstudyMocksMacroExpansion

/// `assertMacroExpansion` reporting through Swift Testing.
func assertExpansion(
    _ source: String, expandedSource: String, diagnostics: [DiagnosticSpec] = [],
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    assertMacroExpansion(
        source, expandedSource: expandedSource, diagnostics: diagnostics,
        macroSpecs: ["Mockable": MacroSpec(type: MockableMacro.self)],
        indentationWidth: .spaces(4)
    ) { failure in
        Issue.record(Comment(rawValue: failure.message),
                     sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// One test per unsupported shape or misplaced attribute: the error, and its fix-it.
struct DiagnosticTests {
    @Test func onAStruct() {
        assertExpansion(
            "@Mockable\nstruct Clock {}",
            expandedSource: "struct Clock {}",
            diagnostics: [DiagnosticSpec(
                message: "@Mockable applies to a protocol: it generates a mock class from the protocol's requirements",
                line: 1, column: 1, fixIts: [FixItSpec(message: "Remove @Mockable")])])
    }

    @Test func onAFunction() {
        assertExpansion(
            "@Mockable\nfunc now() -> Int",
            expandedSource: "func now() -> Int",
            diagnostics: [DiagnosticSpec(
                message: "@Mockable applies to a protocol: it generates a mock class from the protocol's requirements",
                line: 1, column: 1, fixIts: [FixItSpec(message: "Remove @Mockable")])])
    }

    @Test func anOperatorRequirement() {
        assertExpansion(
            "@Mockable\nprotocol Money {\n    static func + (a: Self, b: Self) -> Self\n}",
            expandedSource: "protocol Money {\n    static func + (a: Self, b: Self) -> Self\n}",
            diagnostics: [DiagnosticSpec(
                message: "@Mockable cannot mock an operator requirement: a given, when or verify clause has no method name to reach it by",
                line: 3, column: 5, fixIts: [FixItSpec(message: "Move the requirement to a protocol of its own, without @Mockable")])])
    }

    @Test func aStaticRequirementOfAGenericProtocol() {
        assertExpansion(
            "@Mockable\nprotocol Pool {\n    associatedtype Item\n    static func make() -> Self\n}",
            expandedSource: "protocol Pool {\n    associatedtype Item\n    static func make() -> Self\n}",
            diagnostics: [DiagnosticSpec(
                message: "@Mockable cannot mock a static requirement of a protocol with associated types: its mock is generic, and a generic type has no static storage for the static mocker",
                line: 4, column: 5, fixIts: [FixItSpec(message: "Move the requirement to a protocol of its own, without @Mockable")])])
    }

    @Test func inheritingSomethingThatIsNotAType() {
        assertExpansion(
            "@Mockable(inheriting: Readable)\nprotocol Repository: Readable {}",
            expandedSource: "protocol Repository: Readable {}",
            diagnostics: [DiagnosticSpec(
                message: "@Mockable(inheriting:) takes the @Mockable protocols this one refines, written as Name.self",
                line: 1, column: 23, fixIts: [FixItSpec(message: "Write it as Readable.self")])])
    }

    @Test func inheritingTwoParents() {
        assertExpansion(
            "@Mockable(inheriting: Readable.self, Writable.self)\nprotocol Repository: Readable, Writable {}",
            expandedSource: "protocol Repository: Readable, Writable {}",
            diagnostics: [DiagnosticSpec(
                message: "@Mockable(inheriting:) builds on one parent mock: a mock's clause builders are classes, and a class has one superclass",
                line: 1, column: 38, fixIts: [FixItSpec(message: "Build on MockReadable only")])])
    }

    @Test func inheritingAProtocolItDoesNotRefine() {
        assertExpansion(
            "@Mockable(inheriting: Readable.self)\nprotocol Repository: Sendable {}",
            expandedSource: "protocol Repository: Sendable {}",
            diagnostics: [DiagnosticSpec(
                message: "@Mockable(inheriting:) names a protocol this protocol does not refine",
                line: 1, column: 11, fixIts: [FixItSpec(message: "Make Repository refine Readable")])])
    }
}
