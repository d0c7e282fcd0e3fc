/// A Pact file that cannot be loaded as stubs: not JSON, not a Pact document, or an
/// interaction whose stub does not decode.
public struct PactImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, naming the file and interaction when known.
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
