public import Foundation
public import Understudy
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Fault {
    /// The `URLError` a real `URLSession` reports for this fault, which the in-process
    /// transports throw instead of touching a socket.
    ///
    /// | fault | `URLError.Code` |
    /// |---|---|
    /// | `CONNECTION_RESET_BY_PEER` | `.networkConnectionLost` (measured against the server on Linux) |
    /// | `EMPTY_RESPONSE` | `.badServerResponse` (measured against the server on Linux) |
    /// | `MALFORMED_RESPONSE_CHUNK` | `.cannotParseResponse` |
    /// | `RANDOM_DATA_THEN_CLOSE` | `.cannotParseResponse` |
    public var urlErrorCode: URLError.Code {
        switch self {
        case .emptyResponse: .badServerResponse
        case .malformedResponseChunk, .randomDataThenClose: .cannotParseResponse
        default: .networkConnectionLost
        }
    }
}
