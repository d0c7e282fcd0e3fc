/// An enum type, as a descriptor set describes it.
package struct EnumDescriptor: Sendable, Hashable {
    /// Its full name (`understudy.test.Mood`).
    package var fullName: String
    /// Its values, in declaration order (the first is the default).
    package var values: [(name: String, number: Int32)]

    package init(fullName: String, values: [(name: String, number: Int32)]) {
        self.fullName = fullName
        self.values = values
    }

    /// The first value's name for `number` (aliases share a number).
    package func name(of number: Int32) -> String? { values.first { $0.number == number }?.name }

    /// The number of the value called `name`.
    package func number(of name: String) -> Int32? { values.first { $0.name == name }?.number }

    package static func == (lhs: EnumDescriptor, rhs: EnumDescriptor) -> Bool {
        lhs.fullName == rhs.fullName && lhs.values.map(\.name) == rhs.values.map(\.name) && lhs.values.map(\.number) == rhs.values.map(\.number)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(fullName)
        for value in values { hasher.combine(value.name); hasher.combine(value.number) }
    }
}
