import Foundation
import Testing

/// The testing article and the example's DocC article quote `fetchAndDisplay` from PetStoreFeatureTests.swift;
/// this keeps the quotes identical to the compiled test.
struct DocumentationSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../..").standardizedFileURL

    /// The quoted test, without the one level of indentation it has inside its suite.
    static func snippet(_ text: String) -> String? {
        let indented = text.range(of: "    @Test(arguments: Transport.allCases)\n    func fetchAndDisplay")
        guard let start = indented ?? text.range(of: "@Test(arguments: Transport.allCases)\nfunc fetchAndDisplay") else { return nil }
        let rest = text[start.lowerBound...]
        guard let end = rest.range(of: "\n```") ?? rest.range(of: "\n\n") else { return nil }
        let lines = rest[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { indented != nil && $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }.joined(separator: "\n")
    }

    @Test(arguments: ["Sources/UnderstudyTesting/Documentation.docc/TestingWithSwiftTestingAndXCTest.md",
                      "Examples/PetStore/Sources/PetStore/Documentation.docc/PetStore.md"])
    func quotesMatchTheCompiledTest(document: String) throws {
        let test = try String(contentsOf: Self.root.appendingPathComponent("Examples/PetStore/Tests/PetStoreTests/PetStoreFeatureTests.swift"), encoding: .utf8)
        let quoted = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let compiled = try #require(Self.snippet(test))
        #expect(Self.snippet(quoted) == compiled)
    }
}
