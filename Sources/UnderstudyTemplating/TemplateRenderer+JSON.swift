import UnderstudyJSON
import UnderstudySupport

extension TemplateRenderer {
    static let jsonHelperNames: Set<String> = [
        "jsonPath", "parseJson", "toJson", "jsonArrayAdd", "jsonMerge", "jsonRemove", "formatJson", "jsonSort",
    ]

    /// Helpers that take their text from the block they open (`{{#formatJson}}…{{/formatJson}}`).
    static let jsonBlockHelperNames: Set<String> = ["formatJson", "jsonArrayAdd", "jsonMerge", "parseJson"]

    /// JSON in and out, with the core's JSONPath engine.
    mutating func jsonHelper(_ name: String, _ arguments: Arguments, block: Template.Block?) throws -> TemplateValue? {
        switch name {
        case "jsonPath":
            // HandlebarsJsonPathHelper: an absent or empty document renders nothing.
            switch arguments[0] {
            case .null: return .string("")
            case .string(let text) where text.isEmpty: return .string("")
            case .composite(let text, let items, _) where text.isEmpty && items.isEmpty: return .string("")
            default: break
            }
            guard arguments.params.count > 1, arguments[1] != .null else { throw HelperFailure("the JSONPath cannot be empty") }
            let document = try Self.json(arguments[0], what: "the document")
            let path = try Self.path(arguments[1].text)
            let results = path.evaluate(document)
            if results.isEmpty { return arguments.hash["default"] ?? .string("") }
            return path.isDefinite ? TemplateValue(results[0]) : .list(results.map(TemplateValue.init))
        case "parseJson":
            return try parseJson(arguments, block: block)
        case "toJson":
            // ToJsonHelper: null is "", anything else as WireMock's Json.write prints it, with
            // Jackson's default pretty printer.
            if arguments[0] == .null { return .string("") }
            return .string(JacksonPrettyPrinter.text(of: arguments[0].json))
        case "jsonArrayAdd":
            return try jsonArrayAdd(arguments, block: block)
        case "jsonMerge":
            return try jsonMerge(arguments, block: block)
        case "jsonRemove":
            return try jsonRemove(arguments)
        case "formatJson":
            return try formatJson(arguments, block: block)
        case "jsonSort":
            return try JSONSort(arguments).sorted()
        default:
            return nil
        }
    }

    /// ParseJsonHelper: `{{parseJson text}}`, `{{parseJson text 'name'}}` (sets a variable) and
    /// `{{#parseJson 'name'}}{…}{{/parseJson}}`; blank text and `{}` are an empty object.
    private mutating func parseJson(_ arguments: Arguments, block: Template.Block?) throws -> TemplateValue {
        let text: String
        let variable: String?
        if let block {
            text = try render(block.body)
            variable = arguments.params.isEmpty ? nil : arguments[0].text
        } else {
            guard !arguments.params.isEmpty else { throw HelperFailure("missing the JSON text: {{parseJson request.body}}") }
            if arguments[0] == .null { return .object(.init()) }
            text = arguments[0].text
            variable = arguments.params.count > 1 ? arguments[1].text : nil
        }
        let value: TemplateValue
        if text.allSatisfy(\.isWhitespace) || text.filter({ !$0.isWhitespace }) == "{}" {
            value = .object(.init())
        } else if block == nil, !arguments[0].isText {
            value = arguments[0]
        } else {
            value = TemplateValue(try Self.json(.string(text), what: block == nil ? "the text" : "the block"))
        }
        guard let variable else { return value }
        variables[variable] = value
        return .string("")
    }

    /// JsonArrayAddHelper: adds the item (a parameter or the block, as JSON) to the array that
    /// is the document or that `jsonPath=` selects in it; `flatten=true` adds an array's items,
    /// `maxItems=` drops the oldest items beyond it.
    private mutating func jsonArrayAdd(_ arguments: Arguments, block: Template.Block?) throws -> TemplateValue {
        let document = try Self.json(arguments[0], what: "the base JSON")
        let itemText: TemplateValue = try block.map { .string(try render($0.body)) } ?? arguments[1]
        guard itemText != .null else { throw HelperFailure("missing the item to add: {{jsonArrayAdd '[1]' '2'}}") }
        let item = try Self.json(itemText, what: "the item to add")
        let flatten = arguments.bool("flatten")
        var maxItems: Int?
        if let limit = arguments.hash["maxItems"] {
            guard let count = limit.integer else { throw HelperFailure("maxItems must be a whole number") }
            guard count >= 0 else { throw HelperFailure("maxItems must not be negative") }
            maxItems = count
        }
        func adding(to target: JSONValue) throws -> JSONValue {
            guard case .array(var items) = target else { throw HelperFailure("the target JSON is not an array (\(target.jsonText()))") }
            if flatten, case .array(let more) = item { items.append(contentsOf: more) } else { items.append(item) }
            if let maxItems, items.count > maxItems { items.removeFirst(items.count - maxItems) }
            return .array(items)
        }
        guard let pathText = arguments.string("jsonPath") else { return .string(try adding(to: document).jsonText()) }
        guard let updated = try Self.path(pathText).updating(document, adding) else {
            throw HelperFailure("the target JSON is not an array: \(pathText) selects nothing in \(document.jsonText())")
        }
        return .string(updated.jsonText())
    }

    /// JsonMergeHelper: merges the second object (a parameter or the block) into the first,
    /// recursively for objects; `removeNulls=true` removes the members the second sets to null.
    private mutating func jsonMerge(_ arguments: Arguments, block: Template.Block?) throws -> TemplateValue {
        guard case .object(let base) = try Self.json(arguments[0], what: "the base JSON") else {
            throw HelperFailure("the base JSON is not a JSON object (\(arguments[0].text))")
        }
        let addition: TemplateValue = try block.map { .string(try render($0.body)) } ?? arguments[1]
        guard case .object(let extra) = try Self.json(addition, what: "the JSON to merge") else {
            throw HelperFailure("the JSON to merge is not a JSON object (\(addition.text))")
        }
        return .string(JSONValue.object(Self.merge(base, extra, removeNulls: arguments.bool("removeNulls"))).jsonText())
    }

    /// JsonRemoveHelper: the JSON text without what the JSONPath selects, or the text as given
    /// when it selects nothing (and `null` as it is).
    private func jsonRemove(_ arguments: Arguments) throws -> TemplateValue {
        if case .string("null") = arguments[0] { return arguments[0] }
        guard arguments.params.count == 2 else { throw HelperFailure("takes the JSON and a single JSONPath: {{jsonRemove body '$.name'}}") }
        let document = try Self.json(arguments[0], what: "the input JSON")
        guard arguments[1].text != "" else { throw HelperFailure("the JSONPath is empty") }
        let path = try Self.path(arguments[1].text)
        do {
            guard let remaining = try path.deleting(from: document) else { return .string(arguments[0].text) }
            return .string(remaining.jsonText())
        } catch {
            throw HelperFailure("nothing can be removed at \(path.expression); name a member or an element")
        }
    }

    /// FormatJsonHelper: the JSON (a parameter or the block) re-written `pretty` (Jackson's
    /// default pretty printer, WireMock's `Json.prettyPrint`) or `compact`.
    private mutating func formatJson(_ arguments: Arguments, block: Template.Block?) throws -> TemplateValue {
        let text: String
        if let block {
            text = try render(block.body).trimmingWhitespace()
        } else if case .string(let given) = arguments[0] {
            text = given.trimmingWhitespace()
        } else {
            text = ""
        }
        guard !text.isEmpty else { throw HelperFailure("takes a block of JSON to format or a single parameter of type String") }
        let format = arguments.hash["format"] ?? .string("pretty")
        guard case .string(let style) = format, style == "pretty" || style == "compact" else {
            throw HelperFailure("format [\(format.text)] should be one of [pretty, compact]")
        }
        let document = try Self.json(.string(text), what: "the text")
        return .string(style == "pretty" ? JacksonPrettyPrinter.text(of: document) : document.jsonText())
    }

    /// A value as JSON: text is parsed, anything else (a parsed object, a number) converted.
    static func json(_ value: TemplateValue, what: String) throws -> JSONValue {
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

    private static func path(_ text: String) throws -> JSONPath {
        do {
            return try JSONPath(text)
        } catch {
            throw HelperFailure("\"\(text)\" is not a JSONPath expression: \(error)")
        }
    }

    private static func merge(_ base: JSONObject, _ extra: JSONObject, removeNulls: Bool) -> JSONObject {
        var merged = base
        for member in extra.members {
            switch (merged[member.key], member.value) {
            case let (.object(inner)?, .object(more)):
                merged[member.key] = .object(merge(inner, more, removeNulls: removeNulls))
            case (_, .null) where removeNulls:
                merged[member.key] = nil
            default:
                merged[member.key] = member.value
            }
        }
        return merged
    }
}
