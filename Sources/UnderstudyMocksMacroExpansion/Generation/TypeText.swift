/// The types the generated code spells: producer closures, builder parameters, builder results.
enum TypeText {
    /// A function's generic parameters that its result does not name: a clause cannot infer
    /// them, so its builder takes their arguments as `any Sendable` and its producer as `Any`.
    static func erased(_ function: FunctionRequirement) -> [String] {
        function.genericNames.filter { !function.returnType.containsWord($0) }
    }

    static func mentions(_ type: String, _ names: [String]) -> Bool { names.contains { type.containsWord($0) } }

    static func producerParameter(_ parameter: RequirementParameter, erasing: [String]) -> String {
        if mentions(parameter.type, erasing) { return parameter.isInout ? "inout Any" : "Any" }
        return (parameter.isInout ? "inout " : "") + parameter.builderType
    }

    static func producer(parameters: [String], throwsKind: ThrowsKind, returnType: String) -> String {
        "@Sendable (\(parameters.joined(separator: ", ")))\(throwsKind.producerClause) -> \(returnType)"
    }

    static func builderParameter(_ parameter: RequirementParameter, erasing: [String]) -> String {
        mentions(parameter.type, erasing) ? "any Sendable" : parameter.builderType
    }
}
