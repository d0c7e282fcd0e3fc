import Foundation
import Understudy
import Yams

/// Reads an OpenAPI document's text, JSON or YAML, into a ``JSONValue`` and a map from places in
/// the document to lines and columns (for errors found later, such as a missing field).
enum OpenAPISourceReader {
    /// The document and where each of its values starts in the text.
    static func read(_ data: Data, source: String) throws(OpenAPIDocumentError) -> (value: JSONValue, locations: JSONSourceMap) {
        guard let text = String(data: data, encoding: .utf8) else {
            throw OpenAPIDocumentError(source: source, message: "the file is not UTF-8 text; save the document as UTF-8 JSON or YAML")
        }
        let first = text.first { !$0.isWhitespace && $0 != "\u{FEFF}" }
        if first == "{" {
            do {
                return try JSONParser.parseWithLocations(data)
            } catch {
                throw OpenAPIDocumentError(source: source, location: JSONSourceLocation(line: error.line, column: error.column),
                                           message: "not valid JSON: \(error.message)")
            }
        }
        return try readYAML(text, source: source)
    }

    private static func readYAML(_ text: String, source: String) throws(OpenAPIDocumentError) -> (value: JSONValue, locations: JSONSourceMap) {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw yamlError(error, source: source)
        } catch {
            throw OpenAPIDocumentError(source: source, message: "not valid YAML: \(error)")
        }
        guard let node else {
            throw OpenAPIDocumentError(source: source, message: "the document is empty; an OpenAPI document starts with `openapi: 3.1.0`")
        }
        var locations: [[JSONCodingPathElement]: JSONSourceLocation] = [:]
        let value = try convert(node, path: [], locations: &locations, source: source)
        return (value, JSONSourceMap(locations))
    }

    private static func yamlError(_ error: YamlError, source: String) -> OpenAPIDocumentError {
        let located: (problem: String, mark: Mark)? = switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _): (problem, mark)
        default: nil
        }
        guard let located else { return OpenAPIDocumentError(source: source, message: "not valid YAML: \(error)") }
        return OpenAPIDocumentError(source: source, location: JSONSourceLocation(line: located.mark.line, column: located.mark.column),
                                    message: "not valid YAML: \(located.problem)")
    }

    private static func convert(_ node: Node, path: [JSONCodingPathElement], locations: inout [[JSONCodingPathElement]: JSONSourceLocation],
                                source: String) throws(OpenAPIDocumentError) -> JSONValue {
        if let mark = node.mark { locations[path] = JSONSourceLocation(line: mark.line, column: mark.column) }
        switch node {
        case .scalar(let scalar):
            return scalarValue(scalar, node: node)
        case .sequence(let sequence):
            var items: [JSONValue] = []
            items.reserveCapacity(sequence.count)
            for (index, item) in sequence.enumerated() {
                items.append(try convert(item, path: path + [.index(index)], locations: &locations, source: source))
            }
            return .array(items)
        case .mapping(let mapping):
            var members: [JSONObject.Member] = []
            members.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                guard case .scalar(let keyScalar) = key else {
                    throw OpenAPIDocumentError(source: source, location: key.mark.map { JSONSourceLocation(line: $0.line, column: $0.column) },
                                               message: "a mapping key must be a plain value, not a list or a mapping")
                }
                let name = keyScalar.string
                members.append(JSONObject.Member(key: name, value: try convert(value, path: path + [.key(name)], locations: &locations, source: source)))
            }
            return .object(JSONObject(members))
        case .alias:
            throw OpenAPIDocumentError(source: source, location: node.mark.map { JSONSourceLocation(line: $0.line, column: $0.column) },
                                       message: "YAML aliases (*name) are not supported here; write the value out or use a $ref")
        }
    }

    private static func scalarValue(_ scalar: Node.Scalar, node: Node) -> JSONValue {
        if scalar.style == .singleQuoted || scalar.style == .doubleQuoted || scalar.style == .literal || scalar.style == .folded {
            return .string(scalar.string)
        }
        if node.null != nil { return .null }
        if let value = node.bool { return .bool(value) }
        if let value = node.int { return .number(JSONNumber(value)) }
        if let value = node.float, value.isFinite { return .number(JSONNumber(value)) }
        return .string(scalar.string)
    }
}
