import SwiftSyntax

/// The protocol's requirements implemented on the mocker: the members of
/// `extension P where Self: MockableService`.
struct ImplementationFactory {
    let model: ProtocolModel

    private var access: String { model.access == "internal" || model.access.isEmpty ? "" : "\(model.access) " }

    func members() -> [String] {
        model.functions.map(function) + model.properties.map(property) + model.subscripts.map(subscriptMember)
            + model.initializers.map(initializer)
    }

    private func mockerExpression(isStatic: Bool) -> String { isStatic ? Names.staticMocker : "self.mocker" }

    private func call(
        member: String, arguments: [RequirementParameter], returnType: String, throwsKind: ThrowsKind,
        producer: String, isStatic: Bool
    ) -> String {
        let captured = arguments.map { parameter in
            parameter.isNonEscapingClosure
                ? "\(Names.module).MockArgument.nonEscaping(\(Names.literal(parameter.displayLabel)))"
                : "\(Names.module).MockArgument(\(Names.literal(parameter.displayLabel)), \(parameter.name))"
        }
        let passed = arguments.map { $0.isInout ? "&\($0.name)" : $0.name }.joined(separator: ", ")
        let closure = throwsKind.canThrow
            ? "{ (producer: \(producer)) throws(\(throwsKind.failureType)) -> \(returnType) in try producer(\(passed)) }"
            : "{ (producer: \(producer)) -> \(returnType) in producer(\(passed)) }"
        let call = """
            \(throwsKind.canThrow ? "try " : "")\(mockerExpression(isStatic: isStatic)).call(
                \(member),
                [\(captured.joined(separator: ", "))],
                returning: (\(returnType)).self,
                throwing: (\(throwsKind.failureType)).self,
                produce: \(closure))
            """
        // A non-escaping closure reaches the producer as an escaping one that does not escape
        // (passed on as it is, it could let the producer re-enter the caller's variables).
        return arguments.filter(\.isNonEscapingClosure).reversed().reduce(call) { body, closure in
            "\(throwsKind.canThrow ? "try " : "")withoutActuallyEscaping(\(closure.name)) { \(closure.name) in\n\(body)\n}"
        }
    }

    private func function(_ function: FunctionRequirement) -> String {
        var head = function.syntax.with(\.leadingTrivia, []).with(\.trailingTrivia, [])
        if model.isClassBound {
            head = head.with(\.modifiers, head.modifiers.filter { $0.name.tokenKind != .keyword(.mutating) })
        }
        let producer = TypeText.producer(
            parameters: function.parameters.map { TypeText.producerParameter($0, erasing: TypeText.erased(function)) },
            throwsKind: function.throwsKind, returnType: function.returnType)
        let body = call(
            member: Names.member(function.displayName, key: function.key, kind: "call"), arguments: function.parameters,
            returnType: function.returnType, throwsKind: function.throwsKind, producer: producer, isStatic: function.isStatic)
        return "\(access)\(head.trimmedDescription) {\n\(body)\n}"
    }

    private func property(_ property: PropertyRequirement) -> String {
        let effects = (property.isAsync ? " async" : "") + property.throwsKind.producerClause
        let getMember = Names.member(property.name, key: property.key, kind: "get")
        let getter = call(
            member: getMember, arguments: [], returnType: property.type, throwsKind: property.throwsKind,
            producer: TypeText.producer(parameters: [], throwsKind: property.throwsKind, returnType: property.type),
            isStatic: property.isStatic)
        var accessors = "get\(effects) {\n\(getter)\n}"
        if property.isSettable {
            let setMember = Names.member(property.name, key: property.key, kind: "set")
            accessors += "\n\(setterModifier(isStatic: property.isStatic))set {\n\(mockerExpression(isStatic: property.isStatic)).set(\(setMember), getter: \(getMember), [\(Names.module).MockArgument(\"newValue\", newValue)])\n}"
        }
        return "\(access)\(property.isStatic ? "static " : "")var \(property.name): \(property.type) {\n\(accessors)\n}"
    }

    private func setterModifier(isStatic: Bool) -> String {
        model.isClassBound || isStatic ? "" : "nonmutating "
    }

    private func subscriptMember(_ sub: SubscriptRequirement) -> String {
        let effects = (sub.isAsync ? " async" : "") + sub.throwsKind.producerClause
        let getMember = Names.member(sub.displayName, key: sub.key, kind: "get")
        let producer = TypeText.producer(
            parameters: sub.parameters.map { TypeText.producerParameter($0, erasing: []) }, throwsKind: sub.throwsKind,
            returnType: sub.returnType)
        let getter = call(
            member: getMember, arguments: sub.parameters, returnType: sub.returnType, throwsKind: sub.throwsKind,
            producer: producer, isStatic: sub.isStatic)
        var accessors = "get\(effects) {\n\(getter)\n}"
        if sub.isSettable {
            let setMember = Names.member(sub.displayName, key: sub.key, kind: "set")
            let arguments = sub.parameters.map { "\(Names.module).MockArgument(\(Names.literal($0.displayLabel)), \($0.name))" }
                + ["\(Names.module).MockArgument(\"newValue\", newValue)"]
            accessors += "\n\(setterModifier(isStatic: sub.isStatic))set {\n\(mockerExpression(isStatic: sub.isStatic)).set(\(setMember), getter: \(getMember), [\(arguments.joined(separator: ", "))])\n}"
        }
        let parameters = sub.parameters.map { parameter in
            "\(parameter.label.map { "\($0) " } ?? "")\(parameter.name): \(parameter.type)"
        }
        return "\(access)\(sub.isStatic ? "static " : "")subscript\(sub.genericClause)(\(parameters.joined(separator: ", "))) -> \(sub.returnType)\(sub.whereClause) {\n\(accessors)\n}"
    }

    private func initializer(_ initializer: InitializerRequirement) -> String {
        let head = initializer.syntax.with(\.leadingTrivia, []).with(\.trailingTrivia, []).trimmedDescription
        return "\(access)\(head) {\nself.init(policy: nil, location: \(Names.location))\n}"
    }
}
