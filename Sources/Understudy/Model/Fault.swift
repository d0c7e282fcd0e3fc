/// A network fault a stub asks the transport to produce instead of a normal response
/// (WireMock's four faults). Extensible: new faults are new static members.
public struct Fault: Sendable, Hashable, CustomStringConvertible {
    /// The WireMock JSON name, for example `CONNECTION_RESET_BY_PEER`.
    public let name: String

    private init(name: String) { self.name = name }

    /// The connection is closed with a TCP reset (RST) before any response.
    public static let connectionResetByPeer = Fault(name: "CONNECTION_RESET_BY_PEER")
    /// The connection is closed without sending a byte.
    public static let emptyResponse = Fault(name: "EMPTY_RESPONSE")
    /// A 200 status line is sent, then a broken chunked body, then the connection closes.
    public static let malformedResponseChunk = Fault(name: "MALFORMED_RESPONSE_CHUNK")
    /// Random bytes are sent, then the connection closes.
    public static let randomDataThenClose = Fault(name: "RANDOM_DATA_THEN_CLOSE")

    /// Every fault WireMock 3.13 defines.
    public static let allCases: [Fault] = [.connectionResetByPeer, .emptyResponse, .malformedResponseChunk, .randomDataThenClose]

    /// The fault with the given WireMock name, or `nil` when there is none.
    public init?(wireMockName: String) {
        guard let known = Fault.allCases.first(where: { $0.name == wireMockName }) else { return nil }
        self = known
    }

    public var description: String { name }
}
