/// The version of the Pact file format a contract is written in: ``v4`` (the default) or
/// ``v3``, for brokers and verifiers that read no later one.
public struct PactSpecification: Sendable, Hashable, CustomStringConvertible {
    private enum Version: Sendable, Hashable {
        case v3
        case v4
    }

    private let value: Version

    private init(_ value: Version) { self.value = value }

    /// Pact specification 3.0.0: headers as strings, bodies as bare JSON or text.
    public static let v3 = PactSpecification(.v3)
    /// Pact specification 4.0: typed interactions (`Synchronous/HTTP`), bodies with their
    /// content type and encoding, comments.
    public static let v4 = PactSpecification(.v4)

    /// The version as a Pact file's `metadata.pactSpecification.version` spells it.
    public var version: String {
        switch value {
        case .v3: "3.0.0"
        case .v4: "4.0"
        }
    }

    /// `3` or `4`, as a command line or a query string names it (`3`, `v3`, `3.0.0`, `4.0`);
    /// `nil` for any other text.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        let number = lowered.hasPrefix("v") ? String(lowered.dropFirst()) : lowered
        switch number.split(separator: ".").first {
        case "3": self.init(.v3)
        case "4": self.init(.v4)
        default: return nil
        }
    }

    /// Whether this is ``v4``.
    var isV4: Bool { value == .v4 }

    /// `Pact v4`.
    public var description: String { value == .v4 ? "Pact v4" : "Pact v3" }
}
