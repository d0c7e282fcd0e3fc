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
            node = try Yams.compose(yaml: text, coreSchema())
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

    /// The YAML 1.2 core schema's tag resolution (yaml.org/spec/1.2.2 §10.3.2), which OpenAPI
    /// 3.x names, instead of Yams' default YAML 1.1 rules: only `true`/`false` are booleans (not
    /// `yes`, `no`, `on`, `off`), integers are decimal, `0o` octal or `0x` hexadecimal (no `_`,
    /// no sexagesimal `12:30`, no leading-zero octal), and only `~`, `null` and nothing are null.
    private static func coreSchema() throws -> Resolver {
        try Resolver.basic
            .appending(.null, "^(?:~|null|Null|NULL|)$")
            .appending(.bool, "^(?:true|True|TRUE|false|False|FALSE)$")
            .appending(.int, "^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$")
            .appending(.float, "^(?:[-+]?(?:\\.[0-9]+|[0-9]+(?:\\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$")
    }

    /// A scalar's value by its tag, the number read from the scalar's own text. Values JSON cannot
    /// hold (`.inf`, `.nan`, a tagged value that is not of its tag) stay strings.
    private static func scalarValue(_ scalar: Node.Scalar, node: Node) -> JSONValue {
        if scalar.style == .singleQuoted || scalar.style == .doubleQuoted || scalar.style == .literal || scalar.style == .folded {
            return .string(scalar.string)
        }
        let text = scalar.string
        switch node.tag.description {
        case Tag.Name.null.rawValue:
            return .null
        case Tag.Name.bool.rawValue:
            switch text.lowercased() {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return .string(text)
            }
        case Tag.Name.int.rawValue:
            return integer(text).map(JSONValue.number) ?? .string(text)
        case Tag.Name.float.rawValue:
            return float(text).map(JSONValue.number) ?? .string(text)
        default:
            return .string(text)
        }
    }

    /// `[-+]?[0-9]+` in base 10 (leading zeros dropped, any size), `0o` octal, `0x` hexadecimal.
    private static func integer(_ text: String) -> JSONNumber? {
        if text.hasPrefix("0o") || text.hasPrefix("0x") {
            return Int(text.dropFirst(2), radix: text.hasPrefix("0o") ? 8 : 16).map(JSONNumber.init)
        }
        var digits = Substring(text)
        let negative = digits.first == "-"
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let significant = digits.drop { $0 == "0" }
        if significant.isEmpty { return JSONNumber(0) }
        return JSONNumber(text: (negative ? "-" : "") + significant)
    }

    /// A decimal float as JSON spells it; nil for infinities and NaN, which JSON has no spelling for.
    private static func float(_ text: String) -> JSONNumber? {
        guard let value = Double(text), value.isFinite else { return nil }
        return JSONNumber(value)
    }
}
