extension TemplateValue {
    /// An ordered object: its members in order, found by name.
    package struct JSONObjectValue: Sendable, Equatable {
        /// The member names, in order.
        private(set) var keys: [String] = []
        /// The member values, in the order of ``keys``.
        private(set) var values: [TemplateValue] = []
        /// Each name's position, for objects larger than ``searchLimit``; smaller ones (the
        /// request model, the context, most headers) are searched, which costs less than
        /// hashing and allocating a dictionary for every rendering.
        private var positions: [String: Int]?

        /// The most members found by searching.
        package static let searchLimit = 8

        /// An empty object.
        package init() {}

        /// An empty object with room for `capacity` members.
        package init(capacity: Int) {
            keys.reserveCapacity(capacity)
            values.reserveCapacity(capacity)
        }

        /// The member's value.
        package subscript(key: String) -> TemplateValue? { position(of: key).map { values[$0] } }

        /// Replaces the member's value, or adds the member last when the object has none.
        package mutating func set(_ key: String, _ value: TemplateValue) {
            if let position = position(of: key) {
                values[position] = value
            } else {
                append(key, value)
            }
        }

        /// Adds a member after the others; `key` must not be in the object yet.
        package mutating func append(_ key: String, _ value: TemplateValue) {
            assert(position(of: key) == nil, "\(key) is already a member")
            keys.append(key)
            values.append(value)
            if positions != nil {
                positions?[key] = keys.count - 1
            } else if keys.count > Self.searchLimit {
                positions = Dictionary(uniqueKeysWithValues: zip(keys, keys.indices))
            }
        }

        private func position(of key: String) -> Int? {
            if let positions { return positions[key] }
            return keys.firstIndex(of: key)
        }
    }
}
