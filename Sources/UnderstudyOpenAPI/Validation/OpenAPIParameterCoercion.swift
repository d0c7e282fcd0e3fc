import Foundation
import Understudy
import UnderstudyHTTPParsing

/// Reads parameter text (path, query, header, cookie) as the JSON value its schema describes:
/// `42` as a number for an integer schema, `true` as a boolean, `a,b` or repeated parameters as
/// an array. Text that does not fit stays a string, so the schema check reports it.
enum OpenAPIParameterCoercion {
    static func value(of texts: [String], for parameter: OpenAPIParameter) -> JSONValue {
        guard let schema = parameter.schema else { return .string(texts.first ?? "") }
        let resolved = schema.resolved(schema.json)
        if isObject(resolved), texts.count == 1, let object = pairs(texts[0], parameter: parameter, schema: schema) { return object }
        return value(of: texts, schema: schema.json, in: schema, delimiter: parameter.explode ? nil : delimiter(of: parameter.style))
    }

    /// The value of texts, nil when there are none (the parameter is missing).
    static func value(ofAny texts: [String], for parameter: OpenAPIParameter) -> JSONValue? {
        // `.none`, not `nil`: JSONValue is itself expressible by `nil` (as JSON null).
        guard !texts.isEmpty else { return .none }
        return value(of: texts, for: parameter)
    }

    /// A query parameter's value, nil when the query has none. An object parameter is built from
    /// its `name[property]` items (`style: deepObject`) or, exploded `form` (the default), from
    /// the items named after its schema's properties; anything else from the items named `name`.
    static func queryValue(of items: [QueryItem], for parameter: OpenAPIParameter) -> JSONValue? {
        if let schema = parameter.schema, case let resolved = schema.resolved(schema.json), isObject(resolved) {
            var fields: [(name: String, value: String)] = []
            if parameter.style == "deepObject" {
                let prefix = parameter.name + "["
                for item in items where item.name.hasPrefix(prefix) && item.name.hasSuffix("]") && item.name.count > prefix.count {
                    fields.append((String(item.name.dropFirst(prefix.count).dropLast()), item.value ?? ""))
                }
            } else if parameter.style == "form", parameter.explode, let properties = resolved["properties"]?.objectValue {
                fields = items.filter { properties[$0.name] != nil }.map { ($0.name, $0.value ?? "") }
            }
            if !fields.isEmpty { return object(fields, schema: schema) }
        }
        return value(ofAny: items.filter { $0.name == parameter.name }.compactMap(\.value), for: parameter)
    }

    /// The fields of an `application/x-www-form-urlencoded` body as the object its schema
    /// describes, each field read by its property's schema. A form body's properties are
    /// `style: form, explode: true` (the Encoding Object's defaults): an array is the repeated
    /// fields (`tag=a&tag=b`), and one field is one item, commas and all (`name=Rex,the,dog`).
    ///
    /// A form cannot write an empty array (it has no field for it), so a required array property
    /// with no field is read as empty, as clients that send one (schemathesis, browsers) mean.
    static func formObject(_ body: Data, schema: OpenAPISchema) -> JSONValue {
        let read = object(FormURLEncoded.parse(body).map { ($0.name, $0.value ?? "") }, schema: schema, delimiter: nil)
        let resolved = schema.resolved(schema.json)
        guard case .object(var fields) = read, let properties = resolved["properties"]?.objectValue else { return read }
        for name in (resolved["required"]?.arrayValue ?? []).compactMap(\.stringValue) where fields[name] == nil {
            guard let property = properties[name], schema.resolved(property)["type"] == "array" else { continue }
            fields[name] = .array([])
        }
        return .object(fields)
    }

    /// Named texts (repeated names collected in order) as the object `schema` describes; an
    /// array property's one text is split at `delimiter` when there is one.
    private static func object(_ fields: [(name: String, value: String)], schema: OpenAPISchema, delimiter: Character? = ",") -> JSONValue {
        let properties = schema.resolved(schema.json)["properties"]
        var grouped: [(name: String, values: [String])] = []
        for field in fields {
            if let index = grouped.firstIndex(where: { $0.name == field.name }) {
                grouped[index].values.append(field.value)
            } else {
                grouped.append((field.name, [field.value]))
            }
        }
        return .object(JSONObject(grouped.map { field in
            let coerced = properties?[field.name].map { Self.value(of: field.values, schema: $0, in: schema, delimiter: delimiter) } ?? JSONValue.string(field.values.first ?? "")
            return JSONObject.Member(key: field.name, value: coerced)
        }))
    }

    /// An object written in one text: `status,sold,limit,5` (not exploded) or `status=sold,limit=5`
    /// (an exploded `simple` header or path parameter); nil when the text is not written so.
    private static func pairs(_ text: String, parameter: OpenAPIParameter, schema: OpenAPISchema) -> JSONValue? {
        if (try? JSONValue(parsing: text))?.objectValue != nil { return .none }
        let parts = text.split(separator: delimiter(of: parameter.style), omittingEmptySubsequences: false).map(String.init)
        var fields: [(name: String, value: String)] = []
        if parameter.explode {
            for part in parts {
                guard let equals = part.firstIndex(of: "=") else { return .none }
                fields.append((String(part[..<equals]), String(part[part.index(after: equals)...])))
            }
        } else {
            guard parts.count.isMultiple(of: 2) else { return .none }
            fields = stride(from: 0, to: parts.count, by: 2).map { (parts[$0], parts[$0 + 1]) }
        }
        return object(fields, schema: schema)
    }

    /// The separator of array items and object members in one text of this style.
    private static func delimiter(of style: String) -> Character {
        switch style {
        case "spaceDelimited": " "
        case "pipeDelimited": "|"
        default: ","
        }
    }

    private static func isObject(_ schema: JSONValue) -> Bool {
        types(of: schema).contains("object") || (schema["type"] == nil && schema["properties"] != nil)
    }

    /// Texts read as the JSON value `written` (a schema inside `schema`'s document) describes. An
    /// array is the texts (repeated parameters, `?tag=a&tag=b`) or, given a delimiter, the one
    /// text split by it (`?tag=a,b`).
    private static func value(of texts: [String], schema written: JSONValue, in schema: OpenAPISchema, delimiter: Character?) -> JSONValue {
        let resolved = schema.resolved(written)
        if types(of: resolved).contains("array") {
            // One empty text split at a delimiter is the empty array (`openai-beta:` with no value).
            let items = texts.count > 1 || delimiter == nil ? texts
                : texts == [""] ? []
                : (texts.first ?? "").split(separator: delimiter ?? ",", omittingEmptySubsequences: false).map(String.init)
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
        // Empty, or `null` where a string is not allowed (OpenAI: "set `metadata=null` to indicate no metadata").
        if types.contains("null"), text.isEmpty || (text == "null" && !types.contains("string")) { return .null }
        if types.contains("object"), let object = try? JSONValue(parsing: text), case .object = object { return object }
        return .string(text)
    }
}
