import Understudy

/// Rewrites what OpenAPI 3.0 schemas write differently from 3.1 (JSON Schema 2020-12), in the
/// document as written: `nullable: true` becomes a `null` type (or an `anyOf` with one, for a
/// schema with no `type`), and boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers.
/// Everything else of a 3.0 document reads as 3.1 already. Example values, defaults, enums and
/// extensions are never entered, so a `"nullable": true` inside an example stays as written; a
/// property or response with one of those names (`value`, `default`) is converted like any other.
enum OpenAPI30Converter {
    /// Members whose values are data, not schemas or OpenAPI objects, where they are keywords.
    private static let opaque: Set<String> = ["example", "examples", "default", "enum", "const", "value"]

    /// Keywords whose value maps names the writer chose (a property named `value`, the `default`
    /// response) to schemas or OpenAPI objects: every member is entered, whatever its name.
    private static let nameMaps: Set<String> = [
        "properties", "patternProperties", "dependentSchemas", "$defs", "definitions",
        "paths", "webhooks", "responses", "callbacks", "content", "headers", "encoding", "links",
    ]

    /// What an object is: one with keywords, a map of chosen names, or `components` (a map of name maps).
    private enum Position { case keywords, names, components }

    /// The document in its 3.1 form; a 3.1 document keeps its version, and only what it writes
    /// in 3.0's way (`nullable`, boolean exclusive bounds) changes.
    static func convertDocument(_ document: JSONValue) -> JSONValue {
        guard case .object(var object) = document else { return document }
        if object["openapi"]?.stringValue?.hasPrefix("3.0.") == true { object["openapi"] = "3.1.0" }
        return convertMembers(of: object)
    }

    private static func convert(_ value: JSONValue, at position: Position = .keywords) -> JSONValue {
        switch value {
        case .object(let object):
            switch position {
            case .keywords: convertSchemaKeywords(convertMembers(of: nullableAllOf(object)))
            case .names: convertNamed(object) { _ in .keywords }
            case .components: convertNamed(object) { _ in .names }
            }
        case .array(let items): .array(items.map { convert($0) })
        default: value
        }
    }

    /// The members of an object of keywords; data (`example`, `default` …) and extensions stay as written.
    private static func convertMembers(of object: JSONObject) -> JSONValue {
        var result = object
        for member in object where !opaque.contains(member.key) && !member.key.hasPrefix("x-") {
            let position: Position = member.key == "components" ? .components : nameMaps.contains(member.key) ? .names : .keywords
            result[member.key] = convert(member.value, at: position)
        }
        return .object(result)
    }

    /// Every member of a map of names, each at the position `position(name)` gives.
    private static func convertNamed(_ object: JSONObject, _ position: (String) -> Position) -> JSONValue {
        var result = object
        for member in object { result[member.key] = convert(member.value, at: position(member.key)) }
        return .object(result)
    }

    /// `allOf: [{$ref: …}, {nullable: true}]`, the common 3.0 way of making a reference nullable
    /// (OpenAI's document does it throughout), read as that: the part goes, the schema is nullable.
    private static func nullableAllOf(_ object: JSONObject) -> JSONObject {
        guard case .array(let parts)? = object["allOf"], parts.contains(["nullable": true]) else { return object }
        var result = object
        let rest = parts.filter { $0 != ["nullable": true] }
        result["allOf"] = rest.isEmpty ? nil : .array(rest)
        result["nullable"] = true
        return result
    }

    private static func convertSchemaKeywords(_ value: JSONValue) -> JSONValue {
        guard case .object(var object) = value else { return value }
        for (exclusive, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
            guard case .bool(let flag)? = object[exclusive] else { continue }
            object[exclusive] = flag ? object[bound] : nil
            if flag, object[bound] != nil { object[bound] = nil }
        }
        guard case .bool(let nullable)? = object["nullable"] else { return .object(object) }
        object["nullable"] = nil
        guard nullable else { return .object(object) }
        switch object["type"] {
        case .string(let type)?:
            object["type"] = [.string(type), "null"]
            if case .array(var options)? = object["enum"], !options.contains(.null) {
                // 3.0.3 asks for null to be listed too, but 3.0 tools commonly accept it: accept it.
                options.append(.null)
                object["enum"] = .array(options)
            }
            return .object(object)
        case nil:
            return ["anyOf": [.object(object), ["type": "null"]]]
        default:
            return .object(object)
        }
    }
}
