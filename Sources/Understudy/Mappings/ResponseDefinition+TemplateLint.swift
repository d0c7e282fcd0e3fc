import Foundation
import UnderstudySupport
import UnderstudyTemplating

extension ResponseDefinition {
    /// What `understudy lint` finds in the templates of a response that asks for
    /// `response-template` (or of every response, with `globalTemplating`): parts that do not
    /// parse, and helpers the renderer does not have. Without these checks each would be a 500
    /// at serve time. Reads the `bodyFileName` file from `root` when its name is not itself a
    /// template. One message per problem, naming the part, line and column.
    func templateProblems(root: MappingsRoot?, globalTemplating: Bool = false) -> [String] {
        guard globalTemplating || transformers.contains(ResponseTemplater.transformerName) else { return [] }
        var parts: [(part: String, text: String)] = []
        switch body {
        case .text(let text): parts.append(("the body", text))
        case .json(let json): parts.append(("jsonBody", json.jsonText()))
        case .file(let name):
            parts.append(("bodyFileName", name))
            if !name.contains("{{"), let root, let data = try? root.bodyFile(named: name), let text = String(data: data, encoding: .utf8) {
                parts.append(("the file \(name)", text))
            }
        case .none, .binary: break
        }
        for field in headers { parts.append(("header \(field.name)", field.value)) }
        if let statusMessage { parts.append(("statusMessage", statusMessage)) }
        if let proxyBaseUrl { parts.append(("proxyBaseUrl", proxyBaseUrl)) }
        _ = stream?.mapTexts { text in
            parts.append(("the stream", text))
            return text
        }
        for item in extensions {
            _ = try? item.renderingTemplates { text in
                parts.append((item.key, text))
                return text
            }
        }
        var problems: [String] = []
        for (part, text) in parts where text.contains("{{") {
            do {
                let template = try Template(parsing: text)
                problems += template.unknownHelpers.map { "template error in \(part) at line \($0.line), column \($0.column): \($0.message)" }
            } catch {
                problems.append("template error in \(part) at line \(error.line), column \(error.column): \(error.message)")
            }
        }
        return problems
    }
}
