import Understudy

/// Turns what OpenAPI adds to JSON Schema into plain JSON Schema for the validator: a
/// `discriminator` over `oneOf`/`anyOf` becomes one `if`/`then` per mapped value, so a
/// document is checked against the one schema its discriminator names (and an unknown
/// discriminator value fails `enum`) instead of against every alternative; and a required
/// property marked `readOnly` is not required of requests, one marked `writeOnly` not of
/// responses, as the OpenAPI specification says.
enum OpenAPISchemaRewriter {
    /// Which side of an exchange a schema checks.
    enum Direction: Sendable {
        case request
        case response

        /// The keyword of properties this side need not carry.
        var exemptKeyword: String { self == .request ? "readOnly" : "writeOnly" }
    }

    /// Keywords whose value is one subschema.
    private static let single = ["items", "not", "additionalProperties", "contains", "propertyNames", "if", "then", "else",
                                 "unevaluatedItems", "unevaluatedProperties"]
    /// Keywords whose value is a list of subschemas.
    private static let lists = ["allOf", "anyOf", "oneOf", "prefixItems"]
    /// Keywords whose value maps names to subschemas.
    private static let maps = ["properties", "patternProperties", "$defs", "dependentSchemas"]

    /// The document's `components` with each schema under `components/schemas` rewritten.
    static func rewriteComponents(_ components: JSONValue, for direction: Direction) -> JSONValue {
        guard case .object(var object) = components, case .object(var schemas)? = object["schemas"] else { return components }
        schemas = dispatchInheritance(schemas)
        let named = schemas
        for member in schemas { schemas[member.key] = rewrite(member.value, for: direction, schemas: named) }
        object["schemas"] = .object(schemas)
        return .object(object)
    }

    /// The suffix of the copy of a base schema that subtypes extend (see ``dispatchInheritance(_:)``).
    static let baseSuffix = "__UnderstudyBase"

    /// OpenAPI 3.0-style polymorphism: a base schema with a `discriminator` and no `oneOf`/`anyOf`,
    /// whose subtypes are `allOf: [{$ref: base}, …]` (or named in its `mapping`). The base becomes
    /// "the base's own keywords, and if the discriminator names a subtype, that subtype"; the
    /// subtypes extend a copy of the base without the dispatch (`Pet__UnderstudyBase`), so checking
    /// a subtype does not dispatch again.
    static func dispatchInheritance(_ schemas: JSONObject) -> JSONObject {
        var result = schemas
        for base in schemas {
            guard let property = base.value["discriminator"]?["propertyName"]?.stringValue,
                  base.value["oneOf"] == nil, base.value["anyOf"] == nil else { continue }
            let baseReference = "#/components/schemas/" + JSONPointer.escape(base.key)
            let copyName = base.key + baseSuffix
            let copyReference = "#/components/schemas/" + JSONPointer.escape(copyName)
            var mapping = Self.explicitMapping(base.value["discriminator"])
            for candidate in schemas where candidate.value["allOf"]?.arrayValue?.contains(where: { $0["$ref"]?.stringValue == baseReference }) == true {
                let reference = "#/components/schemas/" + JSONPointer.escape(candidate.key)
                if !mapping.contains(where: { $0.reference == reference }) { mapping.append((candidate.key, reference)) }
            }
            mapping.removeAll { $0.reference == baseReference }
            guard !mapping.isEmpty, result[copyName] == nil else { continue }
            result[copyName] = base.value
            var parts: [JSONValue] = [["$ref": .string(copyReference)]]
            for entry in mapping {
                parts.append([
                    "if": ["properties": .object(JSONObject([JSONObject.Member(key: property, value: ["const": .string(entry.value)])])),
                           "required": [.string(property)]],
                    "then": ["$ref": .string(entry.reference)],
                ])
                // The subtype extends the copy, so checking it does not dispatch again.
                if let name = Self.componentSchemaName(entry.reference), case .object(var subtype)? = result[name],
                   case .array(let allOf)? = subtype["allOf"] {
                    subtype["allOf"] = .array(allOf.map { $0["$ref"]?.stringValue == baseReference ? ["$ref": .string(copyReference)] : $0 })
                    result[name] = .object(subtype)
                }
            }
            result[base.key] = ["allOf": .array(parts)]
        }
        return result
    }

    /// The schema with every discriminator and every `required` list, at any depth, rewritten.
    /// `schemas` are the document's `components/schemas`, for the properties an `allOf` part
    /// declares through a `$ref`.
    static func rewrite(_ schema: JSONValue, for direction: Direction, schemas: JSONObject = [:]) -> JSONValue {
        rewrite(schema, for: direction, schemas: schemas, exempt: [])
    }

    /// `exempt`: the properties that parts of an enclosing `allOf` mark as not needed on this side.
    private static func rewrite(_ schema: JSONValue, for direction: Direction, schemas: JSONObject, exempt: Set<String>) -> JSONValue {
        guard case .object(var object) = schema else { return schema }
        // A property marked in one part of an `allOf` is so in the whole: in every part's `required` and the schema's own.
        let exempt = object["allOf"] == nil ? exempt : exempt.union(exemptProperties(of: schema, for: direction, schemas: schemas))
        for key in single { if let value = object[key] { object[key] = rewrite(value, for: direction, schemas: schemas, exempt: []) } }
        for key in lists {
            guard case .array(let items)? = object[key] else { continue }
            object[key] = .array(items.map { rewrite($0, for: direction, schemas: schemas, exempt: key == "allOf" ? exempt : []) })
        }
        for key in maps {
            if case .object(var members)? = object[key] {
                for member in members { members[member.key] = rewrite(member.value, for: direction, schemas: schemas, exempt: []) }
                object[key] = .object(members)
            }
        }
        return .object(exemptRequired(rewriteDiscriminator(object, schemas: schemas), for: direction, inherited: exempt))
    }

    /// The properties a schema, its `allOf` parts and the schemas they reference (in
    /// `components/schemas`) mark with this side's exempt keyword.
    private static func exemptProperties(of schema: JSONValue, for direction: Direction, schemas: JSONObject) -> Set<String> {
        var found = Set<String>()
        OpenAPIAllOfWalk.visit([schema], resolve: { Self.componentSchemaName($0).flatMap { schemas[$0] } }) { keywords in
            if case .object(let properties)? = keywords["properties"] {
                for property in properties where property.value[direction.exemptKeyword] == .bool(true) { found.insert(property.key) }
            }
            return false
        }
        return found
    }

    /// `required` without the properties that this side need not carry: those declared beside it
    /// so marked, and (unless declared beside it) those `inherited` from an enclosing `allOf`.
    private static func exemptRequired(_ object: JSONObject, for direction: Direction, inherited: Set<String>) -> JSONObject {
        guard case .array(let required)? = object["required"] else { return object }
        let properties = object["properties"]?.objectValue ?? [:]
        let kept = required.filter { name in
            guard let key = name.stringValue else { return true }
            guard let property = properties[key] else { return !inherited.contains(key) }
            return property[direction.exemptKeyword] != .bool(true)
        }
        guard kept.count != required.count else { return object }
        var result = object
        result["required"] = .array(kept)
        return result
    }

    private static func rewriteDiscriminator(_ object: JSONObject, schemas: JSONObject) -> JSONObject {
        guard let property = object["discriminator"]?["propertyName"]?.stringValue else { return object }
        let combinator = object["oneOf"] != nil ? "oneOf" : "anyOf"
        guard let alternatives = object[combinator]?.arrayValue else { return object }
        let references = alternatives.compactMap { $0["$ref"]?.stringValue }
        // Only alternatives that are all references can be named by a discriminator.
        guard references.count == alternatives.count, !references.isEmpty else { return object }
        // Each alternative by the values that name it: the explicit mapping's, else its schema
        // name, else (when it does not allow its name) the values it declares for the property.
        // A value may name several alternatives (OpenAI's `message` names `EasyInputMessage` and
        // the input and output messages inside `Item`): it is checked against any of them.
        var mapping: [(value: String, references: [String])] = []
        for reference in references {
            let values = OpenAPIDiscriminator.values(naming: reference, property: property, discriminator: object["discriminator"]) {
                Self.componentSchemaName($0).flatMap { schemas[$0] }
            }
            for value in values {
                if let index = mapping.firstIndex(where: { $0.value == value }) {
                    mapping[index].references.append(reference)
                } else {
                    mapping.append((value, [reference]))
                }
            }
        }
        var rewritten = object
        rewritten[combinator] = nil
        var conditions = object["allOf"]?.arrayValue ?? []
        // A value without the property is checked against the alternatives as written, since
        // the discriminator must not change what is valid (OpenAI's `EasyInputMessage` makes
        // its `type` optional); one with it must name an alternative, which is then checked.
        conditions.append([
            "if": ["required": [.string(property)]],
            "then": ["properties": .object(JSONObject([JSONObject.Member(key: property, value: ["enum": .array(mapping.map { .string($0.value) })])]))],
            "else": .object(JSONObject([JSONObject.Member(key: combinator, value: .array(alternatives))])),
        ])
        for entry in mapping {
            conditions.append([
                "if": ["properties": .object(JSONObject([JSONObject.Member(key: property, value: ["const": .string(entry.value)])])),
                       "required": [.string(property)]],
                "then": entry.references.count == 1 ? ["$ref": .string(entry.references[0])]
                    : ["anyOf": .array(entry.references.map { ["$ref": .string($0)] })],
            ])
        }
        rewritten["allOf"] = .array(conditions)
        return rewritten
    }

    /// A discriminator's explicit `mapping`, as (value, reference) pairs; a bare schema name
    /// stands for `#/components/schemas/<name>`.
    private static func explicitMapping(_ discriminator: JSONValue?) -> [(value: String, reference: String)] {
        guard case .object(let explicit)? = discriminator?["mapping"] else { return [] }
        return explicit.compactMap { member in
            member.value.stringValue.map { target in (member.key, target.hasPrefix("#") ? target : "#/components/schemas/\(target)") }
        }
    }

    /// The schema name of a `#/components/schemas/<name>` reference, or `nil` for any other.
    private static func componentSchemaName(_ reference: String) -> String? {
        guard reference.hasPrefix("#") else { return nil }
        let tokens = JSONPointer.tokens(String(reference.dropFirst()))
        return tokens.count == 3 && tokens[0] == "components" && tokens[1] == "schemas" ? tokens[2] : nil
    }
}
