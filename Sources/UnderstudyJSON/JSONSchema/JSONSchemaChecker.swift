import UnderstudySupport

/// Checks a schema document before it is used: every keyword Understudy reads has the type its
/// draft requires, patterns compile, local references resolve, and keywords Understudy does not
/// implement are refused rather than ignored.
struct JSONSchemaChecker {
    let root: JSONValue
    let draft: JSONSchema.Draft
    /// Compiled `pattern` and `patternProperties` regexes, by source.
    private(set) var regexes: [String: BoundedRegex] = [:]
    /// `#name` → the JSON pointer of the subschema declaring that anchor.
    private(set) var anchors: [String: String] = [:]
    private var references: [(reference: String, at: String)] = []

    init(root: JSONValue, draft: JSONSchema.Draft) {
        self.root = root
        self.draft = draft
    }

    private static let refused: [String: String] = [
        "$dynamicRef": "$dynamicRef is not supported; use $ref to a local definition",
        "$recursiveRef": "$recursiveRef is not supported; use $ref to a local definition",
        "unevaluatedProperties": "unevaluatedProperties is not supported; use additionalProperties",
        "unevaluatedItems": "unevaluatedItems is not supported; use items (or additionalItems before 2020-12)",
    ]

    private static let typeNames: Set<String> = ["null", "boolean", "object", "array", "number", "string", "integer"]

    mutating func check(_ schema: JSONValue, at path: String) throws(JSONSchemaError) {
        func fail(_ message: String, _ keyword: String? = nil) -> JSONSchemaError {
            JSONSchemaError(schemaPath: keyword.map { path + "/" + JSONPointer.escape($0) } ?? path, message: message)
        }
        if case .bool = schema {
            guard draft != .v4 else { throw fail("a schema must be an object in draft 4 (true and false schemas came with draft 6)") }
            return
        }
        guard case .object(let object) = schema else {
            throw fail("a schema must be an object\(draft == .v4 ? "" : " or a boolean"), not \(schema.typeName)")
        }
        for (keyword, reason) in Self.refused where object[keyword] != nil && draft.isModern { throw fail(reason, keyword) }

        // Anchors: `$anchor` (2019-09+), `$id`/`id` starting with # (drafts 6/7 and 4).
        if draft.isModern, case .string(let anchor)? = object["$anchor"] { anchors["#" + anchor] = path }
        if case .string(let id)? = object[draft == .v4 ? "id" : "$id"], id.hasPrefix("#"), id.count > 1 { anchors[id] = path }

        if let ref = object["$ref"] {
            guard case .string(let reference) = ref else { throw fail("$ref must be a string", "$ref") }
            guard reference.hasPrefix("#") else {
                throw fail("$ref \"\(reference)\" points outside this schema; only local references (#, #/$defs/name, #anchor) are supported", "$ref")
            }
            references.append((reference, path + "/$ref"))
            // Before 2019-09, $ref replaces its siblings; only definitions beside it are still
            // schemas (other references may point into them).
            if !draft.isModern {
                for keyword in ["definitions", "$defs"] {
                    guard case .object(let map)? = object[keyword] else { continue }
                    for member in map { try check(member.value, at: path + "/" + keyword + "/" + JSONPointer.escape(member.key)) }
                }
                return
            }
        }

        if let type = object["type"] {
            let names: [JSONValue]
            switch type {
            case .string: names = [type]
            case .array(let items): names = items
            default: throw fail("type must be a type name or an array of them", "type")
            }
            for name in names {
                guard case .string(let text) = name, Self.typeNames.contains(text) else {
                    throw fail("unknown type \(name.jsonText()); types are \(Self.typeNames.sorted().joined(separator: ", "))", "type")
                }
            }
        }
        for keyword in ["minimum", "maximum", "multipleOf"] {
            if let value = object[keyword], value.doubleValue == nil { throw fail("\(keyword) must be a number", keyword) }
        }
        if case .number(let multiple)? = object["multipleOf"], !(multiple.doubleValue > 0) {
            throw fail("multipleOf must be greater than 0", "multipleOf")
        }
        for keyword in ["exclusiveMinimum", "exclusiveMaximum"] {
            guard let value = object[keyword] else { continue }
            if draft == .v4 {
                guard case .bool = value else { throw fail("\(keyword) is a boolean in draft 4 (it modifies minimum/maximum)", keyword) }
            } else if value.doubleValue == nil {
                throw fail("\(keyword) must be a number from draft 6 on", keyword)
            }
        }
        for keyword in ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains"] {
            guard let value = object[keyword] else { continue }
            guard let number = value.doubleValue, number >= 0, number.rounded() == number else {
                throw fail("\(keyword) must be a non-negative integer", keyword)
            }
        }
        if let pattern = object["pattern"] {
            guard case .string(let source) = pattern else { throw fail("pattern must be a string", "pattern") }
            try compile(source, at: path + "/pattern")
        }
        if let format = object["format"], format.stringValue == nil { throw fail("format must be a string", "format") }
        if let values = object["enum"], values.arrayValue == nil { throw fail("enum must be an array", "enum") }
        if let required = object["required"] {
            guard let names = required.arrayValue, names.allSatisfy({ $0.stringValue != nil }) else {
                throw fail("required must be an array of property names", "required")
            }
        }
        if let unique = object["uniqueItems"], unique.boolValue == nil { throw fail("uniqueItems must be a boolean", "uniqueItems") }

        for keyword in ["not", "additionalProperties", "propertyNames", "contains", "if", "then", "else", "additionalItems"] {
            guard let subschema = object[keyword] else { continue }
            if keyword == "additionalProperties" || keyword == "additionalItems", case .bool = subschema { continue }
            try check(subschema, at: path + "/" + keyword)
        }
        for keyword in ["allOf", "anyOf", "oneOf"] {
            guard let list = object[keyword] else { continue }
            guard let schemas = list.arrayValue, !schemas.isEmpty else { throw fail("\(keyword) must be a non-empty array of schemas", keyword) }
            for (index, subschema) in schemas.enumerated() { try check(subschema, at: "\(path)/\(keyword)/\(index)") }
        }
        for keyword in ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"] {
            guard let members = object[keyword] else { continue }
            guard case .object(let map) = members else { throw fail("\(keyword) must be an object of schemas", keyword) }
            for member in map {
                if keyword == "patternProperties" { try compile(member.key, at: path + "/patternProperties") }
                try check(member.value, at: path + "/" + keyword + "/" + JSONPointer.escape(member.key))
            }
        }
        if let dependentRequired = object["dependentRequired"] {
            guard case .object(let map) = dependentRequired,
                  map.allSatisfy({ $0.value.arrayValue?.allSatisfy { $0.stringValue != nil } == true }) else {
                throw fail("dependentRequired must map property names to arrays of property names", "dependentRequired")
            }
        }
        if let dependencies = object["dependencies"] {
            guard case .object(let map) = dependencies else { throw fail("dependencies must be an object", "dependencies") }
            for member in map where member.value.arrayValue == nil {
                try check(member.value, at: path + "/dependencies/" + JSONPointer.escape(member.key))
            }
        }
        if let items = object["items"] {
            if case .array(let schemas) = items {
                guard draft != .v202012 else {
                    throw fail("items is a single schema in 2020-12; write a tuple as prefixItems: [...]", "items")
                }
                for (index, subschema) in schemas.enumerated() { try check(subschema, at: "\(path)/items/\(index)") }
            } else {
                try check(items, at: path + "/items")
            }
        }
        if draft == .v202012, let prefixItems = object["prefixItems"] {
            guard let schemas = prefixItems.arrayValue else { throw fail("prefixItems must be an array of schemas", "prefixItems") }
            for (index, subschema) in schemas.enumerated() { try check(subschema, at: "\(path)/prefixItems/\(index)") }
        }
    }

    private mutating func compile(_ source: String, at path: String) throws(JSONSchemaError) {
        guard regexes[source] == nil else { return }
        do {
            regexes[source] = try BoundedRegex(source)
        } catch {
            throw JSONSchemaError(schemaPath: path, message: "the regular expression /\(source)/ is invalid: \(error)")
        }
    }

    /// Fails on the first `$ref` that points nowhere.
    func resolveReferences() throws(JSONSchemaError) {
        for (reference, path) in references {
            let target = anchors[reference].flatMap { JSONPointer.lookup($0, in: root) } ?? JSONPointer.lookup(reference, in: root)
            guard target != nil else {
                throw JSONSchemaError(schemaPath: path, message: "$ref \"\(reference)\" does not resolve to anything in this schema")
            }
        }
    }
}
