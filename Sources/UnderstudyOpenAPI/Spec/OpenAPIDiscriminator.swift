import Understudy

/// The values of a `discriminator`'s property that name one alternative of a `oneOf`/`anyOf`.
///
/// An explicit `mapping` names the alternative by its keys. Without one, OpenAPI's implicit
/// mapping names it by its schema name (`Cat`) — but only where the alternative allows that
/// value: when the alternative itself declares the property as `const` or `enum` (`role:
/// {enum: [user]}`, as OpenAI's and Spotify's documents do), those values name it instead. A
/// discriminator must not change whether a document is valid (OpenAPI 3.1.1, "Discriminator
/// Object"), so dispatching on the schema name where the alternative forbids it would reject
/// valid requests and make answers that fail their own schema.
enum OpenAPIDiscriminator {
    /// The values naming the alternative `reference`.
    /// - Parameter resolve: the schema a `$ref` points to, if it can be found.
    static func values(naming reference: String, property: String, discriminator: JSONValue?,
                       resolve: (String) -> JSONValue?) -> [String] {
        if case .object(let mapping)? = discriminator?["mapping"] {
            let named = mapping.filter { member in
                guard let target = member.value.stringValue else { return false }
                return target.hasPrefix("#") ? target == reference : reference == "#/components/schemas/" + JSONPointer.escape(target)
            }
            if !named.isEmpty { return named.map(\.key) }
        }
        let name = JSONPointer.tokens(String(reference.drop { $0 != "/" })).last ?? reference
        guard let allowed = allowedValues(of: property, in: ["$ref": .string(reference)], resolve: resolve),
              !allowed.contains(name), !allowed.isEmpty else { return [name] }
        return allowed
    }

    /// The strings a property's schema allows through `const` or `enum`, also as the branches
    /// of an `anyOf`/`oneOf` beside `null` (OpenAI's `ItemReferenceParam.type`: `anyOf: [{enum:
    /// [item_reference]}, {type: "null"}]`); `nil` when it allows any string.
    private static func strings(allowedBy schema: JSONValue, resolve: (String) -> JSONValue?, depth: Int = 0) -> [String]? {
        let resolved = schema["$ref"]?.stringValue.flatMap(resolve) ?? schema
        if let constant = resolved["const"]?.stringValue { return [constant] }
        if let strings = resolved["enum"]?.arrayValue?.compactMap(\.stringValue), !strings.isEmpty { return strings }
        guard depth < 8, let branches = (resolved["anyOf"] ?? resolved["oneOf"])?.arrayValue else { return nil }
        return union(of: branches) { branch in
            let branch = branch["$ref"]?.stringValue.flatMap(resolve) ?? branch
            if branch["type"] == "null" || branch["const"] == .null { return [] }
            return strings(allowedBy: branch, resolve: resolve, depth: depth + 1)
        }
    }

    /// Every value `values` gives for the branches, in order and once each; `nil` when a branch
    /// allows any value (or none gives one).
    private static func union(of branches: [JSONValue], _ values: (JSONValue) -> [String]?) -> [String]? {
        var all: [String] = []
        for branch in branches {
            guard let allowed = values(branch) else { return nil }
            all += allowed.filter { !all.contains($0) }
        }
        return all.isEmpty ? nil : all
    }

    /// The string values a schema allows for `property` through `const` or `enum`, looking
    /// through `$ref`s and `allOf` parts, and, for an alternative that is itself a `oneOf` or
    /// `anyOf` (OpenAI's `InputItem` names `Item`, a union of some thirty item types), the
    /// values of all its branches; `nil` when it does not restrict them.
    private static func allowedValues(of property: String, in schema: JSONValue, resolve: (String) -> JSONValue?, depth: Int = 0) -> [String]? {
        var found: [String]?
        var unions: [[JSONValue]] = []
        OpenAPIAllOfWalk.visit([schema], resolve: resolve) { keywords in
            for key in ["oneOf", "anyOf"] { if let branches = keywords[key]?.arrayValue { unions.append(branches) } }
            guard let declared = keywords["properties"]?[property] else { return false }
            found = strings(allowedBy: declared, resolve: resolve)
            return found != nil
        }
        guard found == nil, depth < 8 else { return found }
        // The first union of the alternative decides: all its branches restrict the property, or it is open.
        guard let branches = unions.first else { return nil }
        return union(of: branches) { allowedValues(of: property, in: $0, resolve: resolve, depth: depth + 1) }
    }
}
