/// One `name=value` pair of a query string or form body, already percent-decoded.
public struct QueryItem: Sendable, Hashable, CustomStringConvertible {
    /// The decoded parameter name.
    public var name: String
    /// The decoded value; the parsers give `""` for both `a` and `a=`, never `nil`.
    public var value: String?

    /// Creates an item from decoded parts.
    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }

    /// `name=value`, or just `name` when there is no value (decoded, not re-encoded).
    public var description: String {
        value.map { "\(name)=\($0)" } ?? name
    }
}
