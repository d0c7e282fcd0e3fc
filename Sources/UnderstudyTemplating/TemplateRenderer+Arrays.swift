extension TemplateRenderer {
    static let arrayHelperNames: Set<String> = ["arrayAdd", "arrayRemove", "arrayJoin"]

    /// Helpers that render the block they open once per item (`{{#arrayJoin ','}}…{{/arrayJoin}}`).
    static let arrayBlockHelperNames: Set<String> = ["arrayJoin"]

    /// Lists: WireMock's `ArrayAddHelper`, `ArrayRemoveHelper` and `JoinHelper`.
    mutating func arrayHelper(_ name: String, _ arguments: Arguments, block: Template.Block?) throws -> TemplateValue? {
        switch name {
        case "arrayAdd":
            // {{arrayAdd list item position='start'|'end'|n}}; a null list is an empty one.
            guard case .list(var items) = arguments[0] else {
                if arguments[0] == .null { return .list([]) }
                throw HelperFailure("the first argument must be a list, such as (array 1 2) or a jsonPath result")
            }
            guard arguments.params.count > 1 else { throw HelperFailure("missing the value to add to the list") }
            if let position = try Self.position(arguments) {
                guard (0...items.count).contains(position) else {
                    throw HelperFailure("position must be greater than or equal to 0 and less than or equal to the size of the list")
                }
                items.insert(arguments[1], at: position)
            } else {
                items.append(arguments[1])
            }
            return .list(items)
        case "arrayRemove":
            // {{arrayRemove list position='start'|'end'|n}}: the last item by default.
            guard case .list(var items) = arguments[0] else {
                throw HelperFailure("the first argument must be a list, such as (array 1 2) or a jsonPath result")
            }
            let position = try Self.position(arguments) ?? items.count - 1
            guard items.indices.contains(position) else {
                throw HelperFailure(items.isEmpty ? "the list is empty" : "position must be from 0 to \(items.count - 1)")
            }
            items.remove(at: position)
            return .list(items)
        case "arrayJoin":
            return try arrayJoin(arguments, block: block)
        default:
            return nil
        }
    }

    /// `position=`: `start` is 0, `end` (the default) is `nil`, otherwise a whole number.
    private static func position(_ arguments: Arguments) throws -> Int? {
        guard let value = arguments.hash["position"] else { return nil }
        switch value.text.lowercased() {
        case "start": return 0
        case "end": return nil
        default:
            guard let position = value.integer else { throw HelperFailure("position must be 'start', 'end' or an integer") }
            return position
        }
    }

    /// JoinHelper: `{{arrayJoin ',' list}}` or `{{arrayJoin ',' 'a' 'b'}}`, with `prefix=` and
    /// `suffix=` around a non-empty result; as a block, the body rendered for each item.
    private mutating func arrayJoin(_ arguments: Arguments, block: Template.Block?) throws -> TemplateValue {
        guard arguments[0].isText else { throw HelperFailure("the separator (the first argument) must be text: {{arrayJoin ',' list}}") }
        let separator = arguments[0].text
        guard arguments.params.count > 1, arguments[1] != .null else { throw HelperFailure("the parameter must be a list") }
        let items: [TemplateValue]
        if case .list(let list) = arguments[1] { items = list } else { items = Array(arguments.params.dropFirst()) }
        guard !items.isEmpty else { return .string("") }
        guard items.count <= Self.maxItems else { throw HelperFailure("\(items.count) items; the limit is \(Self.maxItems)") }
        var pieces: [String] = []
        pieces.reserveCapacity(items.count)
        for item in items {
            pieces.append(try block.map { try render($0.body, with: item) } ?? item.text)
        }
        return .string((arguments.string("prefix") ?? "") + pieces.joined(separator: separator) + (arguments.string("suffix") ?? ""))
    }
}
