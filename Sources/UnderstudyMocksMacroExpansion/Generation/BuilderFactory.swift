import SwiftSyntax
/// The three clause builders of a mock (`ReturnBuilder`, `ActionBuilder`, `VerifyBuilder`):
/// one member per requirement, taking a `Parameter` per argument.
struct BuilderFactory {
    enum Kind: String, CaseIterable {
        case `return` = "ReturnBuilder", action = "ActionBuilder", verify = "VerifyBuilder"
    }

    let model: ProtocolModel

    private var access: String { model.access == "internal" || model.access.isEmpty ? "" : "\(model.access) " }
    private var m: String { Names.module }

    func builders() -> [String] {
        Kind.allCases.map { kind in
            let parent = model.parentMock.map { "\($0).\(kind.rawValue)" } ?? "\(m).MockBuilder"
            let members = model.functions.map { function($0, kind) } + model.properties.map { property($0, kind) }
                + model.subscripts.map { subscriptMember($0, kind) }
            // In a builder, `Self` is the builder: a requirement's `Self` is the mock type.
            let body = members.joined(separator: "\n").replacingWordOutsideRawLiterals("Self", with: model.mockName)
            return "\(access)class \(kind.rawValue): \(parent) {\n\(body)\n}"
        }
    }

    private func declare(_ parameter: RequirementParameter, type: String) -> String {
        let label = parameter.label ?? "_"
        return label == parameter.name ? "\(label): \(m).Parameter<\(type)>" : "\(label) \(parameter.name): \(m).Parameter<\(type)>"
    }

    private func conditions(_ parameters: [RequirementParameter], newValue: Bool = false) -> String {
        let list = parameters.map { "\(m).MockCondition(\(Names.literal($0.displayLabel)), \($0.name))" }
            + (newValue ? ["\(m).MockCondition(\"newValue\", newValue)"] : [])
        return "[\(list.joined(separator: ", "))]"
    }

    private func returnBuilderType(returnType: String, throwsKind: ThrowsKind, producer: String) -> String {
        throwsKind.canThrow
            ? "\(m).ThrowingFunctionReturnBuilder<ReturnBuilder, \(returnType), \(throwsKind.failureType), \(producer)>"
            : "\(m).FunctionReturnBuilder<ReturnBuilder, \(returnType), \(producer)>"
    }

    private func function(_ function: FunctionRequirement, _ kind: Kind) -> String {
        let erased = TypeText.erased(function)
        let kept = function.genericNames.filter { !erased.contains($0) }
        let generic: String
        let whereClause: String
        if erased.isEmpty {
            generic = function.genericClause
            whereClause = function.whereClause
        } else {
            let parameters = function.syntax.genericParameterClause?.parameters.filter { kept.contains($0.name.text) } ?? []
            generic = parameters.isEmpty ? "" : "<\(parameters.map { $0.with(\.trailingComma, nil).trimmedDescription }.joined(separator: ", "))>"
            whereClause = TypeText.mentions(function.whereClause, erased) ? "" : function.whereClause
        }
        let parameters = function.parameters.map { declare($0, type: TypeText.builderParameter($0, erasing: erased)) }
        let member = Names.member(function.displayName, key: function.key, kind: "call")
        let result: String
        switch kind {
        case .return:
            let producer = TypeText.producer(
                parameters: function.parameters.map { TypeText.producerParameter($0, erasing: erased) },
                throwsKind: function.throwsKind, returnType: function.returnType)
            result = returnBuilderType(returnType: function.returnType, throwsKind: function.throwsKind, producer: producer)
        case .action: result = "\(m).FunctionActionBuilder<ActionBuilder>"
        case .verify: result = "\(m).FunctionVerifyBuilder<VerifyBuilder>"
        }
        return "\(access)func \(function.name)\(generic)(\(parameters.joined(separator: ", "))) -> \(result)\(whereClause) {\n.init(self.mocker, \(member), \(conditions(function.parameters)))\n}"
    }

    private func property(_ property: PropertyRequirement, _ kind: Kind) -> String {
        let getMember = Names.member(property.name, key: property.key, kind: "get")
        let setMember = Names.member(property.name, key: property.key, kind: "set")
        switch kind {
        case .return:
            let producer = TypeText.producer(parameters: [], throwsKind: property.throwsKind, returnType: property.type)
            return "\(access)var \(property.name): \(returnBuilderType(returnType: property.type, throwsKind: property.throwsKind, producer: producer)) {\n.init(self.mocker, \(getMember))\n}"
        case .action where property.isSettable:
            return "\(access)func \(property.name)(newValue: \(m).Parameter<\(property.type)> = .any) -> \(m).PropertyActionBuilder<ActionBuilder> {\n.init(self.mocker, get: \(getMember), set: \(setMember), [\(m).MockCondition(\"newValue\", newValue)])\n}"
        case .verify where property.isSettable:
            return "\(access)func \(property.name)(newValue: \(m).Parameter<\(property.type)> = .any) -> \(m).PropertyVerifyBuilder<VerifyBuilder> {\n.init(self.mocker, get: \(getMember), set: \(setMember), [\(m).MockCondition(\"newValue\", newValue)])\n}"
        case .action:
            return "\(access)var \(property.name): \(m).FunctionActionBuilder<ActionBuilder> {\n.init(self.mocker, \(getMember))\n}"
        case .verify:
            return "\(access)var \(property.name): \(m).FunctionVerifyBuilder<VerifyBuilder> {\n.init(self.mocker, \(getMember))\n}"
        }
    }

    private func subscriptMember(_ sub: SubscriptRequirement, _ kind: Kind) -> String {
        let getMember = Names.member(sub.displayName, key: sub.key, kind: "get")
        let setMember = Names.member(sub.displayName, key: sub.key, kind: "set")
        var parameters = sub.parameters.map { parameter in
            "\(parameter.label ?? "_") \(parameter.name): \(m).Parameter<\(parameter.builderType)>"
        }
        let result: String
        let initializer: String
        switch kind {
        case .return:
            let producer = TypeText.producer(
                parameters: sub.parameters.map { TypeText.producerParameter($0, erasing: []) }, throwsKind: sub.throwsKind,
                returnType: sub.returnType)
            result = returnBuilderType(returnType: sub.returnType, throwsKind: sub.throwsKind, producer: producer)
            initializer = ".init(self.mocker, \(getMember), \(conditions(sub.parameters)))"
        case .action, .verify:
            let builder = kind == .action ? "ActionBuilder" : "VerifyBuilder"
            if sub.isSettable {
                parameters.append("newValue newValue: \(m).Parameter<\(sub.returnType)> = .any")
                result = "\(m).Property\(kind == .action ? "Action" : "Verify")Builder<\(builder)>"
                initializer = ".init(self.mocker, get: \(getMember), set: \(setMember), \(conditions(sub.parameters, newValue: true)))"
            } else {
                result = "\(m).Function\(kind == .action ? "Action" : "Verify")Builder<\(builder)>"
                initializer = ".init(self.mocker, \(getMember), \(conditions(sub.parameters)))"
            }
        }
        return "\(access)subscript\(sub.genericClause)(\(parameters.joined(separator: ", "))) -> \(result)\(sub.whereClause) {\n\(initializer)\n}"
    }
}
