import Foundation
import Understudy
import Yams

/// Reads an OpenAPI document's text, JSON or YAML, into a ``JSONValue``; and, only when an error
/// found later needs its line and column, again into a map from places to lines and columns
/// (recording every place took a third of the reading time of a 1 MB document).
enum OpenAPISourceReader {
    /// The document.
    static func read(_ data: Data, source: String) throws(OpenAPIDocumentError) -> JSONValue {
        var unused: [[JSONCodingPathElement]: JSONSourceLocation]?
        return try read(data, source: source, locations: &unused)
    }

    /// Where each value of a document that reads without error starts in its text.
    static func locations(_ data: Data, source: String) -> JSONSourceMap? {
        if isJSON(data) { return try? JSONParser.parseWithLocations(data).locations }
        var locations: [[JSONCodingPathElement]: JSONSourceLocation]? = [:]
        guard (try? read(data, source: source, locations: &locations)) != nil else { return nil }
        return locations.map(JSONSourceMap.init)
    }

    /// Whether the text starts with `{` (after whitespace and a byte order mark).
    private static func isJSON(_ data: Data) -> Bool {
        let first = data.first { !(UInt8(ascii: " ") == $0 || UInt8(ascii: "\n") == $0 || UInt8(ascii: "\r") == $0 || UInt8(ascii: "\t") == $0) }
        return first == UInt8(ascii: "{") || (data.starts(with: [0xEF, 0xBB, 0xBF]) && isJSON(data.dropFirst(3)))
    }

    private static func read(_ data: Data, source: String,
                             locations: inout [[JSONCodingPathElement]: JSONSourceLocation]?) throws(OpenAPIDocumentError) -> JSONValue {
        guard let text = String(data: data, encoding: .utf8) else {
            throw OpenAPIDocumentError(source: source, message: "the file is not UTF-8 text; save the document as UTF-8 JSON or YAML")
        }
        if isJSON(data) {
            do {
                return try JSONParser.parse(data)
            } catch {
                throw OpenAPIDocumentError(source: source, location: JSONSourceLocation(line: error.line, column: error.column),
                                           message: "not valid JSON: \(error.message)")
            }
        }
        return try readYAML(text, source: source, locations: &locations)
    }

    private static func readYAML(_ text: String, source: String,
                                 locations: inout [[JSONCodingPathElement]: JSONSourceLocation]?) throws(OpenAPIDocumentError) -> JSONValue {
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
        return try convert(node, path: [], locations: &locations, source: source)
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

    private static func convert(_ node: Node, path: [JSONCodingPathElement], locations: inout [[JSONCodingPathElement]: JSONSourceLocation]?,
                                source: String) throws(OpenAPIDocumentError) -> JSONValue {
        if locations != nil, let mark = node.mark { locations?[path] = JSONSourceLocation(line: mark.line, column: mark.column) }
        switch node {
        case .scalar(let scalar):
            return scalarValue(scalar, node: node)
        case .sequence(let sequence):
            var items: [JSONValue] = []
            items.reserveCapacity(sequence.count)
            for (index, item) in sequence.enumerated() {
                items.append(try convert(item, path: locations == nil ? path : path + [.index(index)], locations: &locations, source: source))
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
                members.append(JSONObject.Member(key: name, value: try convert(value, path: locations == nil ? path : path + [.key(name)], locations: &locations, source: source)))
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
