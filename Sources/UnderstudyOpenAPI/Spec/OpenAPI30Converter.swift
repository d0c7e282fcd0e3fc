import Understudy

/// Rewrites what OpenAPI 3.0 schemas write differently from 3.1 (JSON Schema 2020-12), in the
/// document as written: `nullable: true` becomes a `null` type (or an `anyOf` with one, for a
/// schema with no `type`), and boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers.
/// Everything else of a 3.0 document reads as 3.1 already. Example values, defaults, enums and
/// extensions are never entered, so a `"nullable": true` inside an example stays as written.
enum OpenAPI30Converter {
    /// Members whose values are data, not schemas or OpenAPI objects.
    private static let opaque: Set<String> = ["example", "examples", "default", "enum", "const", "value"]

    static func convertDocument(_ document: JSONValue) -> JSONValue {
        guard case .object(var object) = document else { return document }
        object["openapi"] = "3.1.0"
        return convertMembers(of: object)
    }

    private static func convert(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object): convertSchemaKeywords(convertMembers(of: nullableAllOf(object)))
        case .array(let items): .array(items.map(convert))
        default: value
        }
    }

    private static func convertMembers(of object: JSONObject) -> JSONValue {
        var result = object
        for member in object where !opaque.contains(member.key) && !member.key.hasPrefix("x-") {
            result[member.key] = convert(member.value)
        }
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
