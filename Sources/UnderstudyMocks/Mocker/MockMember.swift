/// One requirement of a mocked protocol as the mock keys it: a function call, a property's get
/// or set, a subscript's get or set.
///
/// The generated code makes these; `key` is the requirement's whole signature, so overloads are
/// told apart, and `name` is how a report names it (`fetch(for:)`).
public struct MockMember: Hashable, Sendable {
    /// What the call does to the requirement.
    public enum Kind: String, Hashable, Sendable {
        case call, get, set
    }

    public let key: String
    public let name: String
    public let kind: Kind

    public init(_ name: String, key: String, kind: Kind = .call) {
        self.name = name
        self.key = key
        self.kind = kind
    }

    /// The name without its labels (`fetch` for `fetch(for:)`).
    var baseName: String { String(name.prefix { $0 != "(" }) }
}
