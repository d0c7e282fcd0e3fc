import Foundation
import SwiftSyntaxBuilder
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A `@Mockable` protocol as the generators read it: its name, access, isolation, associated
/// types and requirements, and the parent mock it builds on.
struct ProtocolModel {
    let name: String
    let access: String
    let associatedTypes: [(name: String, constraint: String)]
    let functions: [FunctionRequirement]
    let properties: [PropertyRequirement]
    let subscripts: [SubscriptRequirement]
    let initializers: [InitializerRequirement]
    let isActor: Bool
    let isClassBound: Bool
    let globalActor: String?
    let parentMock: String?

    var mockName: String { "Mock\(name)" }
    var isGeneric: Bool { !associatedTypes.isEmpty }
    var hasStatics: Bool {
        functions.contains(where: \.isStatic) || properties.contains(where: \.isStatic) || subscripts.contains(where: \.isStatic)
    }

    /// Reads the protocol, or reports why it cannot be mocked (and returns nil).
    static func read(_ node: AttributeSyntax, _ declaration: some SyntaxProtocol, in context: some MacroExpansionContext, report: Bool) -> ProtocolModel? {
        guard let proto = declaration.as(ProtocolDeclSyntax.self) else {
            if report {
                context.diagnose(Diagnostic(
                    node: node, message: MockableDiagnostic.notAProtocol,
                    fixIt: FixIt(message: MockableFixIt(message: "Remove @Mockable"),
                                 changes: [.replace(oldNode: Syntax(node), newNode: Syntax(TokenSyntax.identifier("")))])))
            }
            return nil
        }
        var failed = false
        let inherited = proto.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        let access = proto.modifiers.first { ["public", "package", "internal", "fileprivate", "private"].contains($0.name.text) }
            .map { $0.name.text == "private" || $0.name.text == "fileprivate" ? "fileprivate" : $0.name.text } ?? ""
        let globalActor = proto.attributes.compactMap { $0.as(AttributeSyntax.self) }
            .first { $0.attributeName.trimmedDescription.hasSuffix("Actor") }?.trimmedDescription

        var parents: [(String, LabeledExprSyntax)] = []
        if case .argumentList(let arguments) = node.arguments {
            for argument in arguments {
                let text = argument.expression.trimmedDescription
                guard text.hasSuffix(".self") else {
                    if report {
                        context.diagnose(Diagnostic(node: argument.expression, message: MockableDiagnostic.inheritingNotAMockType,
                            fixIt: FixIt(message: MockableFixIt(message: "Write it as \(text).self"),
                                changes: [.replace(oldNode: Syntax(argument.expression),
                                                   newNode: Syntax(ExprSyntax("\(raw: text).self")))])))
                    }
                    failed = true
                    continue
                }
                parents.append(("Mock" + String(text.dropLast(5)), argument))
            }
        }
        if parents.count > 1 {
            if report {
                for (_, extra) in parents.dropFirst() {
                    context.diagnose(Diagnostic(node: extra, message: MockableDiagnostic.moreThanOneParent,
                        fixIt: FixIt(message: MockableFixIt(message: "Build on \(parents[0].0) only"),
                                     changes: [.replace(oldNode: Syntax(extra), newNode: Syntax(TokenSyntax.identifier("")))])))
                }
            }
            failed = true
        }
        if let (parent, argument) = parents.first, !inherited.contains(String(parent.dropFirst(4))) {
            if report {
                let refined = String(parent.dropFirst(4))
                var changes: [FixIt.Change] = []
                if let clause = proto.inheritanceClause {
                    let types = clause.inheritedTypes
                    var list = Array(types)
                    if let last = list.popLast() {
                        list.append(last.with(\.trailingComma, .commaToken(trailingTrivia: .space)))
                    }
                    list.append(InheritedTypeSyntax(type: TypeSyntax("\(raw: refined)")))
                    changes = [.replace(oldNode: Syntax(types), newNode: Syntax(InheritedTypeListSyntax(list)))]
                } else {
                    changes = [.replace(oldNode: Syntax(proto.name),
                                        newNode: Syntax(proto.name.with(\.trailingTrivia, []).with(\.trailingTrivia, Trivia(stringLiteral: ": \(refined) "))))]
                }
                context.diagnose(Diagnostic(node: argument, message: MockableDiagnostic.parentNotRefined,
                    fixIt: FixIt(message: MockableFixIt(message: "Make \(proto.name.text) refine \(refined)"), changes: changes)))
            }
            failed = true
        }

        var associated: [(String, String)] = []
        var functions: [FunctionRequirement] = []
        var properties: [PropertyRequirement] = []
        var subscripts: [SubscriptRequirement] = []
        var initializers: [InitializerRequirement] = []
        for member in proto.memberBlock.members {
            let decl = member.decl
            if let type = decl.as(AssociatedTypeDeclSyntax.self) {
                associated.append((type.name.text, type.inheritanceClause.map { $0.inheritedTypes.trimmedDescription } ?? ""))
            } else if let function = decl.as(FunctionDeclSyntax.self) {
                if case .binaryOperator = function.name.tokenKind {
                    if report { diagnoseRemoval(function, MockableDiagnostic.operatorRequirement, context) }
                    failed = true
                } else if case .prefixOperator = function.name.tokenKind {
                    failed = true
                } else {
                    functions.append(FunctionRequirement(function))
                }
            } else if let variable = decl.as(VariableDeclSyntax.self) {
                let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                          let type = binding.typeAnnotation?.type.trimmedDescription else { continue }
                    let accessors = accessorList(binding.accessorBlock)
                    let getter = accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }
                    properties.append(PropertyRequirement(
                        name: name, type: type,
                        isSettable: accessors.contains { $0.accessorSpecifier.tokenKind == .keyword(.set) },
                        isAsync: getter?.effectSpecifiers?.asyncSpecifier != nil,
                        throwsKind: ThrowsKind(getter?.effectSpecifiers?.throwsClause),
                        isStatic: isStatic))
                }
            } else if let sub = decl.as(SubscriptDeclSyntax.self) {
                let accessors = accessorList(sub.accessorBlock)
                let getter = accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }
                subscripts.append(SubscriptRequirement(
                    parameters: sub.parameterClause.parameters.map { RequirementParameter($0, isSubscript: true) },
                    genericClause: sub.genericParameterClause?.trimmedDescription ?? "",
                    whereClause: sub.genericWhereClause.map { " " + $0.trimmedDescription } ?? "",
                    returnType: sub.returnClause.type.trimmedDescription,
                    isSettable: accessors.contains { $0.accessorSpecifier.tokenKind == .keyword(.set) },
                    isAsync: getter?.effectSpecifiers?.asyncSpecifier != nil,
                    throwsKind: ThrowsKind(getter?.effectSpecifiers?.throwsClause),
                    isStatic: sub.modifiers.contains { $0.name.tokenKind == .keyword(.static) },
                    signature: sub.with(\.accessorBlock, nil).with(\.attributes, []).with(\.modifiers, []).trimmedDescription))
            } else if let initializer = decl.as(InitializerDeclSyntax.self) {
                initializers.append(InitializerRequirement(syntax: initializer))
            }
        }
        let model = ProtocolModel(
            name: proto.name.text, access: access, associatedTypes: associated, functions: functions,
            properties: properties, subscripts: subscripts, initializers: initializers,
            isActor: inherited.contains("Actor"),
            isClassBound: inherited.contains { ["Actor", "AnyObject", "class"].contains($0) },
            globalActor: globalActor, parentMock: parents.first?.0)
        if model.isGeneric && model.hasStatics {
            if report {
                for member in proto.memberBlock.members where member.decl.asProtocol((any WithModifiersSyntax).self)?.modifiers
                    .contains(where: { $0.name.tokenKind == .keyword(.static) }) == true {
                    diagnoseRemoval(member.decl, MockableDiagnostic.staticInGenericProtocol, context)
                }
            }
            failed = true
        }
        return failed ? nil : model
    }

    private static func accessorList(_ block: AccessorBlockSyntax?) -> [AccessorDeclSyntax] {
        guard case .accessors(let list)? = block?.accessors else { return [] }
        return Array(list)
    }

    private static func diagnoseRemoval(_ decl: some SyntaxProtocol, _ message: MockableDiagnostic, _ context: some MacroExpansionContext) {
        context.diagnose(Diagnostic(
            node: decl, message: message,
            fixIt: FixIt(message: MockableFixIt(message: "Move the requirement to a protocol of its own, without @Mockable"),
                         changes: [.replace(oldNode: Syntax(decl), newNode: Syntax(TokenSyntax.identifier("")))])))
    }
}
