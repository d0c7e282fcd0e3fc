import Understudy

/// Visits schemas and their `allOf` parts, in order, following each `$ref` once: what one value
/// is, read across the parts that describe it (the properties one part declares, the members
/// another requires, the value a part fixes).
enum OpenAPIAllOfWalk {
    /// Calls `visit` with each schema's keywords, then its `allOf` parts', until it returns `true`.
    /// - Parameter resolve: the schema a `$ref` points to, if it can be found.
    static func visit(_ schemas: [JSONValue], resolve: (String) -> JSONValue?, _ visit: (JSONObject) -> Bool) {
        var pending = Array(schemas.reversed())
        var seen = Set<String>()
        while let next = pending.popLast() {
            guard case .object(var keywords) = next else { continue }
            pending += (keywords["allOf"]?.arrayValue ?? []).reversed()
            // A `$ref` stands for its target, visited next; keywords beside it (3.1) count too.
            if let reference = keywords["$ref"]?.stringValue {
                keywords["$ref"] = nil
                if seen.insert(reference).inserted, let target = resolve(reference) { pending.append(target) }
            }
            if !keywords.isEmpty, visit(keywords) { return }
        }
    }
}
