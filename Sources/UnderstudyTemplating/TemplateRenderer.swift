package import Foundation
package import UnderstudySupport

/// Renders a parsed ``Template`` against a context, with WireMock's helpers. Bounded: output
/// size, loop lengths and the number of steps are capped, so a hostile template ends with a
/// ``TemplateError`` instead of hanging or exhausting memory.
package struct TemplateRenderer {
    /// The most characters a template may produce.
    static let maxOutput = 8 * 1024 * 1024
    /// The most nodes and helper calls one rendering may evaluate.
    static let maxSteps = 1_000_000
    /// The most items `range`, `each` and `randomValue` handle.
    static let maxItems = 100_000

    /// One level of context: `this` and the data variables (`@index`, `@key`...).
    struct Scope {
        var value: TemplateValue
        var data: [String: TemplateValue] = [:]
        /// Block parameters (`as |item|`), found before anything else.
        var locals: [String: TemplateValue] = [:]
    }

    private(set) var scopes: [Scope]
    /// Variables set by `assign`, `formData`, `regexExtract`, `parseJson` and friends.
    var variables: [String: TemplateValue] = [:]
    /// Randomness for `randomValue`, `randomInt`, `pickRandom`...
    var generator: SplitMix64
    /// The moment `now` means.
    let now: Date
    /// Whether `{{ }}` escapes HTML (Handlebars' default); WireMock's standalone and embedded
    /// servers turn it off, and so does Understudy unless asked. `{{{ }}}` never escapes.
    let escapesHTML: Bool
    private var steps = 0
    private var produced = 0

    package init(context: TemplateValue, generator: SplitMix64, now: Date = Date(), escapesHTML: Bool = false) {
        scopes = [Scope(value: context)]
        self.generator = generator
        self.now = now
        self.escapesHTML = escapesHTML
    }

    /// Replaces the root context, between renderings of whole templates (variables stay).
    package mutating func replaceRoot(_ value: TemplateValue) {
        scopes[0].value = value
    }

    /// Renders a whole template.
    package mutating func render(_ template: Template) throws(TemplateError) -> String {
        try render(template.nodes)
    }

    mutating func render(_ nodes: [Template.Node]) throws(TemplateError) -> String {
        var output = ""
        for node in nodes {
            try step(at: nil)
            let piece: String
            switch node {
            case .text(let text):
                piece = text
            case let .output(expression, escaped):
                let value = try evaluate(expression)
                piece = escaped && escapesHTML ? Self.escapeHTML(value.text) : value.text
            case .block(let block):
                piece = try renderBlock(block)
            }
            produced += piece.utf8.count
            if produced > Self.maxOutput {
                throw TemplateError(line: 1, column: 1, message: "the output is over \(Self.maxOutput) bytes; is a loop running away?")
            }
            output += piece
        }
        return output
    }

    /// Renders `nodes` with `value` as `this` and the given data variables.
    mutating func render(
        _ nodes: [Template.Node], with value: TemplateValue, data: [String: TemplateValue] = [:], locals: [String: TemplateValue] = [:]
    ) throws(TemplateError) -> String {
        scopes.append(Scope(value: value, data: data, locals: locals))
        defer { scopes.removeLast() }
        return try render(nodes)
    }

    private mutating func step(at location: Template.Location?) throws(TemplateError) {
        steps += 1
        if steps > Self.maxSteps {
            throw TemplateError(line: location?.line ?? 1, column: location?.column ?? 1, message: "the template took more than \(Self.maxSteps) steps")
        }
    }

    // MARK: Expressions

    mutating func evaluate(_ expression: Template.Expression) throws(TemplateError) -> TemplateValue {
        switch expression {
        case .literal(let value):
            return value
        case .path(let path, _):
            return resolve(path)
        case .call(let call):
            try step(at: call.location)
            if call.params.isEmpty, call.hash.isEmpty, !Self.helperNames.contains(call.name) {
                return resolve(Template.Path(segments: [call.name], original: call.name))
            }
            return try invoke(call, block: nil)
        }
    }

    /// A path's value: searched in `this`, then the variables, then the enclosing contexts.
    func resolve(_ path: Template.Path) -> TemplateValue {
        let top = max(0, scopes.count - 1 - path.parentDepth)
        if path.isData {
            guard let first = path.segments.first else { return .null }
            for index in stride(from: top, through: 0, by: -1) {
                if let value = scopes[index].data[first] { return Self.drill(value, path.segments.dropFirst()) }
            }
            return .null
        }
        guard let first = path.segments.first else { return scopes[top].value }
        if path.parentDepth == 0 {
            for index in stride(from: top, through: 0, by: -1) {
                if let value = scopes[index].locals[first] { return Self.drill(value, path.segments.dropFirst()) }
            }
        }
        if let value = scopes[top].value.member(first) { return Self.drill(value, path.segments.dropFirst()) }
        if path.parentDepth == 0, let value = variables[first] { return Self.drill(value, path.segments.dropFirst()) }
        for index in stride(from: top - 1, through: 0, by: -1) {
            if let value = scopes[index].value.member(first) { return Self.drill(value, path.segments.dropFirst()) }
        }
        return .null
    }

    private static func drill(_ value: TemplateValue, _ segments: ArraySlice<String>) -> TemplateValue {
        var current = value
        for segment in segments {
            guard let next = current.member(segment) else { return .null }
            current = next
        }
        return current
    }

    // MARK: Blocks

    private mutating func renderBlock(_ block: Template.Block) throws(TemplateError) -> String {
        let call = block.call
        switch call.name {
        case "if", "unless":
            guard call.params.count == 1 else { throw error(call, "\(call.name) takes one value: {{#\(call.name) request.query.debug}}") }
            var truthy = try evaluate(call.params[0]).isTruthy
            if call.name == "unless" { truthy.toggle() }
            return try render(truthy ? block.body : block.inverse)
        case "each":
            return try renderEach(block)
        case "with":
            guard call.params.count == 1 else { throw error(call, "with takes one value: {{#with request.headers}}") }
            let value = try evaluate(call.params[0])
            let locals = call.blockParams.first.map { [$0: value] } ?? [:]
            return value.isTruthy ? try render(block.body, with: value, locals: locals) : try render(block.inverse)
        case "assign":
            guard let name = try evaluateParams(call).first?.text, !name.isEmpty else {
                throw error(call, "assign takes a variable name: {{#assign 'name'}}value{{/assign}}")
            }
            variables[name] = .string(try render(block.body))
            return ""
        case let name where Self.blockInputHelperNames.contains(name):
            return try invoke(call, block: block).text
        default:
            // Any other helper as a block chooses by its value: {{#eq a b}}same{{else}}different{{/eq}}.
            let value = try invoke(call, block: block)
            if !value.isTruthy, Self.blockWithoutElseHelperNames.contains(call.name) { return "" }
            return try render(value.isTruthy ? block.body : block.inverse)
        }
    }

    private mutating func renderEach(_ block: Template.Block) throws(TemplateError) -> String {
        let call = block.call
        guard call.params.count == 1 else { throw error(call, "each takes one list: {{#each (jsonPath request.body '$.items')}}") }
        let value = try evaluate(call.params[0])
        var output = ""
        switch value {
        case .object(let object):
            guard !object.keys.isEmpty else { return try render(block.inverse) }
            for (index, (key, value)) in zip(object.keys, object.values).enumerated() {
                output += try render(block.body, with: value, data: [
                    "key": .string(key), "index": .integer(index), "first": .bool(index == 0), "last": .bool(index == object.keys.count - 1),
                ], locals: Self.blockLocals(call.blockParams, value, .string(key)))
            }
        default:
            let items = value.items
            guard !items.isEmpty else { return try render(block.inverse) }
            guard items.count <= Self.maxItems else { throw error(call, "each over \(items.count) items; the limit is \(Self.maxItems)") }
            for (index, item) in items.enumerated() {
                output += try render(block.body, with: item, data: [
                    "index": .integer(index), "first": .bool(index == 0), "last": .bool(index == items.count - 1),
                ], locals: Self.blockLocals(call.blockParams, item, .integer(index)))
            }
        }
        return output
    }

    /// `as |item key|`: the item, then its key or index.
    private static func blockLocals(_ names: [String], _ item: TemplateValue, _ position: TemplateValue) -> [String: TemplateValue] {
        var locals: [String: TemplateValue] = [:]
        if names.count > 0 { locals[names[0]] = item }
        if names.count > 1 { locals[names[1]] = position }
        return locals
    }

    // MARK: Helpers

    /// The arguments of a helper call, evaluated.
    struct Arguments {
        var params: [TemplateValue]
        var hash: [String: TemplateValue]

        subscript(index: Int) -> TemplateValue { index < params.count ? params[index] : .null }

        func string(_ key: String) -> String? {
            guard let value = hash[key], value != .null else { return nil }
            return value.text
        }

        func bool(_ key: String) -> Bool { hash[key]?.isTruthy ?? false }
    }

    private mutating func evaluateParams(_ call: Template.Call) throws(TemplateError) -> [TemplateValue] {
        var values: [TemplateValue] = []
        values.reserveCapacity(call.params.count)
        for param in call.params { values.append(try evaluate(param)) }
        return values
    }

    /// Calls a helper; `block` is set when the helper opened a block.
    mutating func invoke(_ call: Template.Call, block: Template.Block?) throws(TemplateError) -> TemplateValue {
        var hash: [String: TemplateValue] = [:]
        for (key, value) in call.hash { hash[key] = try evaluate(value) }
        let arguments = Arguments(params: try evaluateParams(call), hash: hash)
        do {
            for group in Self.helperGroups where group.names.contains(call.name) {
                if let value = try group.call(&self, call.name, arguments, block) { return value }
            }
        } catch let failure as HelperFailure {
            throw error(call, "\(call.name): \(failure.message)")
        } catch {
            throw self.error(call, "\(call.name): \(error)")
        }
        if call.name == "systemValue" {
            // WireMock's systemValue reads environment variables and system properties. A mock
            // server must not hand out its machine's secrets to whoever can post a stub.
            throw error(call, "systemValue: templates cannot read environment variables or system properties; "
                + "pass the value in the stub's transformerParameters and use {{parameters.name}}")
        }
        if block == nil, call.params.isEmpty, call.hash.isEmpty { return .null }
        let suggestion = Self.helperNames.min { LevenshteinDistance.normalized(call.name, $0) < LevenshteinDistance.normalized(call.name, $1) }
            .flatMap { LevenshteinDistance.normalized(call.name, $0) <= 0.4 ? "; did you mean \"\($0)\"?" : nil } ?? ""
        throw error(call, "unknown helper \"\(call.name)\"\(suggestion)")
    }

    /// The helpers of one topic file (`TemplateRenderer+Topic.swift`): their names and the
    /// function that runs them. `block` is set when the helper opened a block
    /// (`{{#formatJson}}…{{/formatJson}}`); most helpers ignore it.
    struct HelperGroup: Sendable {
        /// The helpers the group answers.
        var names: Set<String>
        /// The helpers whose block is their input (`{{#formatJson}}{…}{{/formatJson}}`): what
        /// they return is the block's output. Other helpers opening a block choose between
        /// its body and its `{{else}}` by their value, as `{{#eq a b}}` does.
        var blockNames: Set<String> = []
        /// Runs one of the group's helpers on the renderer, with its arguments and block.
        var call: @Sendable (inout TemplateRenderer, String, Arguments, Template.Block?) throws -> TemplateValue?
    }

    /// Every topic's helpers. A new topic file adds its group here, and nowhere else.
    static let helperGroups: [HelperGroup] = [
        HelperGroup(names: logicHelperNames) { renderer, name, arguments, _ in try renderer.logicHelper(name, arguments) },
        HelperGroup(names: stringHelperNames, blockNames: ["trim"]) { renderer, name, arguments, block in
            try renderer.stringHelper(name, renderer.withBlockText(block, first: arguments))
        },
        HelperGroup(names: numberHelperNames) { renderer, name, arguments, _ in try renderer.numberHelper(name, arguments) },
        HelperGroup(names: arrayHelperNames, blockNames: arrayBlockHelperNames) { try $0.arrayHelper($1, $2, block: $3) },
        HelperGroup(names: jsonHelperNames, blockNames: jsonBlockHelperNames) { try $0.jsonHelper($1, $2, block: $3) },
        HelperGroup(names: randomHelperNames) { renderer, name, arguments, _ in try renderer.randomHelper(name, arguments) },
        HelperGroup(names: dateHelperNames) { renderer, name, arguments, _ in try renderer.dateHelper(name, arguments) },
        HelperGroup(names: encodingHelperNames, blockNames: ["base64"]) { renderer, name, arguments, block in
            try renderer.encodingHelper(name, renderer.withBlockText(block, first: arguments))
        },
        HelperGroup(names: hostHelperNames) { renderer, name, arguments, _ in renderer.hostHelper(name, arguments) },
        HelperGroup(names: xmlHelperNames, blockNames: ["formatXml"]) { try $0.xmlHelper($1, $2, block: $3) },
    ]

    /// The arguments with the rendered block first, for helpers that take their text from the
    /// block they open (`{{#base64}}text{{/base64}}`, as WireMock's `Base64Helper` and
    /// `StringTrimHelper` read `options.fn`).
    mutating func withBlockText(_ block: Template.Block?, first arguments: Arguments) throws(TemplateError) -> Arguments {
        guard let block else { return arguments }
        var arguments = arguments
        arguments.params.insert(.string(try render(block.body)), at: 0)
        return arguments
    }

    /// The helpers whose block is their input.
    static let blockInputHelperNames: Set<String> = helperGroups.reduce(into: []) { $0.formUnion($1.blockNames) }

    /// Every helper name, for lookups and suggestions.
    static let helperNames: Set<String> = helperGroups.reduce(into: ["if", "unless", "each", "with", "assign"]) { $0.formUnion($1.names) }

    private func error(_ call: Template.Call, _ message: String) -> TemplateError {
        TemplateError(line: call.location.line, column: call.location.column, message: message)
    }

    /// What Handlebars' `{{ }}` escapes.
    static func escapeHTML(_ text: String) -> String {
        // Every character escaped is one ASCII byte, so a text without those bytes is returned
        // as it is without walking its characters.
        let needsEscaping = text.utf8.contains { byte in
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"), UInt8(ascii: "="): true
            default: false
            }
        }
        guard needsEscaping else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#x27;"
            case "`": escaped += "&#x60;"
            case "=": escaped += "&#x3D;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
