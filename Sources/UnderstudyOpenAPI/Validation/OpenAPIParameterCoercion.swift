import Understudy

/// Reads parameter text (path, query, header, cookie) as the JSON value its schema describes:
/// `42` as a number for an integer schema, `true` as a boolean, `a,b` or repeated parameters as
/// an array. Text that does not fit stays a string, so the schema check reports it.
enum OpenAPIParameterCoercion {
    static func value(of texts: [String], for parameter: OpenAPIParameter) -> JSONValue {
        guard let schema = parameter.schema else { return .string(texts.first ?? "") }
        return value(of: texts, schema: schema.json, in: schema)
    }

    /// The fields of an `application/x-www-form-urlencoded` body as the object its schema
    /// describes, each field read by its property's schema.
    static func formObject(_ body: String, schema: OpenAPISchema) -> JSONValue {
        let properties = schema.resolved(schema.json)["properties"]
        var grouped: [(name: String, values: [String])] = []
        for item in QueryString.parse(body) {
            if let index = grouped.firstIndex(where: { $0.name == item.name }) {
                grouped[index].values.append(item.value ?? "")
            } else {
                grouped.append((item.name, [item.value ?? ""]))
            }
        }
        return .object(JSONObject(grouped.map { field in
            let coerced = properties?[field.name].map { Self.value(of: field.values, schema: $0, in: schema) } ?? JSONValue.string(field.values.first ?? "")
            return JSONObject.Member(key: field.name, value: coerced)
        }))
    }

    /// Texts read as the JSON value `written` (a schema inside `schema`'s document) describes.
    private static func value(of texts: [String], schema written: JSONValue, in schema: OpenAPISchema) -> JSONValue {
        let resolved = schema.resolved(written)
        if types(of: resolved).contains("array") {
            // Repeated parameters (`?tag=a&tag=b`) or one comma-separated value (`?tag=a,b`).
            let items = texts.count > 1 ? texts : (texts.first ?? "").split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let itemSchema = resolved["items"].map(schema.resolved)
            return .array(items.map { scalar($0, types: itemSchema.map(types(of:)) ?? []) })
        }
        return scalar(texts.first ?? "", types: types(of: resolved))
    }

    /// The `type` names of a schema, including those of its `allOf`/`oneOf`/`anyOf` branches' direct types.
    private static func types(of schema: JSONValue) -> Set<String> {
        var names = Set<String>()
        if let type = schema["type"] { names.formUnion((type.arrayValue ?? [type]).compactMap(\.stringValue)) }
        for key in ["allOf", "oneOf", "anyOf"] {
            for branch in schema[key]?.arrayValue ?? [] {
                if let type = branch["type"] { names.formUnion((type.arrayValue ?? [type]).compactMap(\.stringValue)) }
            }
        }
        return names
    }

    private static func scalar(_ text: String, types: Set<String>) -> JSONValue {
        if types.contains("integer") || types.contains("number"), let number = try? JSONValue(parsing: text), case .number = number {
            return number
        }
        if types.contains("boolean"), text == "true" || text == "false" { return .bool(text == "true") }
        if types.contains("null"), text.isEmpty { return .null }
        if types.contains("object"), let object = try? JSONValue(parsing: text), case .object = object { return object }
        return .string(text)
    }
}
