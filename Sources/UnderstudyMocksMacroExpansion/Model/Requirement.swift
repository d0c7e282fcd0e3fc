import Foundation
import SwiftSyntax

/// How a requirement throws.
enum ThrowsKind: Equatable {
    case none
    case untyped
    case typed(String)
    case rethrowing

    init(_ clause: ThrowsClauseSyntax?) {
        guard let clause else { self = .none; return }
        if clause.throwsSpecifier.tokenKind == .keyword(.rethrows) { self = .rethrowing; return }
        if let type = clause.type { self = .typed(type.trimmedDescription) } else { self = .untyped }
    }

    /// The error type the mocker is told (`Never` where the requirement cannot throw).
    var failureType: String {
        switch self {
        case .none, .rethrowing: "Never"
        case .untyped: "any Error"
        case .typed(let type): type
        }
    }

    /// The `throws` of a producer closure type.
    var producerClause: String {
        switch self {
        case .none, .rethrowing: ""
        case .untyped: " throws"
        case .typed(let type): " throws(\(type))"
        }
    }

    var canThrow: Bool { self == .untyped || { if case .typed = self { true } else { false } }() }
}

/// A function requirement.
struct FunctionRequirement {
    let syntax: FunctionDeclSyntax
    let name: String
    let parameters: [RequirementParameter]
    let genericNames: [String]
    let genericClause: String
    let whereClause: String
    let isAsync: Bool
    let throwsKind: ThrowsKind
    let returnType: String
    let isStatic: Bool

    init(_ syntax: FunctionDeclSyntax) {
        self.syntax = syntax
        name = syntax.name.text
        parameters = syntax.signature.parameterClause.parameters.map { RequirementParameter($0, isSubscript: false) }
        genericNames = syntax.genericParameterClause?.parameters.map(\.name.text) ?? []
        genericClause = syntax.genericParameterClause?.trimmedDescription ?? ""
        whereClause = syntax.genericWhereClause.map { " " + $0.trimmedDescription } ?? ""
        isAsync = syntax.signature.effectSpecifiers?.asyncSpecifier != nil
        throwsKind = ThrowsKind(syntax.signature.effectSpecifiers?.throwsClause)
        returnType = syntax.signature.returnClause?.type.trimmedDescription ?? "Void"
        isStatic = syntax.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// `fetch(for:)`.
    var displayName: String { "\(name)(\(parameters.map { "\($0.label ?? "_"):" }.joined()))" }

    /// The whole signature, which tells overloads apart.
    var key: String {
        (isStatic ? "static " : "") + syntax.with(\.body, nil).with(\.attributes, []).with(\.modifiers, []).trimmedDescription
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}

/// A property requirement.
struct PropertyRequirement {
    let name: String
    let type: String
    let isSettable: Bool
    let isAsync: Bool
    let throwsKind: ThrowsKind
    let isStatic: Bool

    var key: String { "\(isStatic ? "static " : "")var \(name): \(type)" }
}

/// A subscript requirement.
struct SubscriptRequirement {
    let parameters: [RequirementParameter]
    let genericClause: String
    let whereClause: String
    let returnType: String
    let isSettable: Bool
    let isAsync: Bool
    let throwsKind: ThrowsKind
    let isStatic: Bool
    let signature: String

    var displayName: String { "subscript(\(parameters.map { "\($0.label ?? "_"):" }.joined()))" }
    var key: String { (isStatic ? "static " : "") + signature }
}

/// An initializer requirement.
struct InitializerRequirement {
    let syntax: InitializerDeclSyntax
}
