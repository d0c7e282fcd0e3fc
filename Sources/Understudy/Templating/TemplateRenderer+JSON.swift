extension TemplateRenderer {
    static let jsonHelperNames: Set<String> = ["jsonPath", "parseJson", "toJson", "jsonArrayAdd", "jsonMerge"]

    /// JSON in and out, with the core's JSONPath engine.
    mutating func jsonHelper(_ name: String, _ arguments: Arguments) throws -> TemplateValue? {
        switch name {
        case "jsonPath":
            let document = try Self.json(arguments[0], what: "the document")
            let path: JSONPath
            do {
                path = try JSONPath(arguments[1].text)
            } catch {
                throw HelperFailure("\"\(arguments[1].text)\" is not a JSONPath expression: \(error)")
            }
            let results = path.evaluate(document)
            if results.isEmpty { return arguments.hash["default"] ?? .string("") }
            return path.isDefinite ? TemplateValue(results[0]) : .list(results.map(TemplateValue.init))
        case "parseJson":
            let value = TemplateValue(try Self.json(arguments[0], what: "the text"))
            if arguments.params.count > 1 {
                variables[arguments[1].text] = value
                return .string("")
            }
            return value
        case "toJson":
            return .string(arguments[0].json.jsonText(pretty: arguments.bool("pretty")))
        case "jsonArrayAdd":
            guard case .array(var items) = try Self.json(arguments[0], what: "the array") else {
                throw HelperFailure("the first argument must be a JSON array")
            }
            let item = arguments[1]
            items.append((try? Self.json(item, what: "the item")) ?? item.json)
            if let max = arguments.hash["maxItems"]?.integer, items.count > max { items.removeFirst(items.count - max) }
            return .string(JSONValue.array(items).jsonText())
        case "jsonMerge":
            let base = try Self.json(arguments[0], what: "the first object")
            let addition = try Self.json(arguments[1], what: "the second object")
            return .string(Self.merge(base, addition).jsonText())
        default:
            return nil
        }
    }

    /// A value as JSON: text is parsed, anything else converted.
    private static func json(_ value: TemplateValue, what: String) throws -> JSONValue {
        switch value {
        case .string, .composite:
            do {
                return try JSONParser.parse(value.text)
            } catch {
                throw HelperFailure("\(what) is not JSON: \(error)")
            }
        default:
            return value.json
        }
    }

    private static func merge(_ base: JSONValue, _ addition: JSONValue) -> JSONValue {
        guard case .object(var merged) = base, case .object(let extra) = addition else { return addition }
        for member in extra.members {
            merged[member.key] = merged[member.key].map { merge($0, member.value) } ?? member.value
        }
        return .object(merged)
    }
}
