import UnderstudySupport

extension Template {
    /// Calls of helpers the renderer does not have, found without rendering: a name with
    /// arguments, or any block, that is not a helper (a lone name is a path, as the renderer
    /// reads it).
    package var unknownHelpers: [TemplateError] {
        var found: [TemplateError] = []
        Self.collectUnknownHelpers(nodes, into: &found)
        return found
    }

    private static func collectUnknownHelpers(_ nodes: [Node], into found: inout [TemplateError]) {
        for node in nodes {
            switch node {
            case .text: break
            case .output(let expression, _): collectUnknownHelpers(expression, into: &found)
            case .block(let block):
                check(block.call, isBlock: true, into: &found)
                collectUnknownHelpers(block.body, into: &found)
                collectUnknownHelpers(block.inverse, into: &found)
            }
        }
    }

    private static func collectUnknownHelpers(_ expression: Expression, into found: inout [TemplateError]) {
        if case .call(let call) = expression { check(call, isBlock: false, into: &found) }
    }

    private static func check(_ call: Call, isBlock: Bool, into found: inout [TemplateError]) {
        let names = TemplateRenderer.helperNames
        if !names.contains(call.name), isBlock || !call.params.isEmpty || !call.hash.isEmpty {
            let message = call.name == "systemValue"
                ? "systemValue: templates cannot read environment variables or system properties; pass the value in transformerParameters and use {{parameters.name}}"
                : "unknown helper \"\(call.name)\"\(LevenshteinDistance.suggestion(for: call.name, among: names.sorted()))"
            found.append(TemplateError(line: call.location.line, column: call.location.column, message: message))
        }
        for parameter in call.params { collectUnknownHelpers(parameter, into: &found) }
        for (_, value) in call.hash { collectUnknownHelpers(value, into: &found) }
    }
}
