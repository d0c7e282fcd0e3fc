import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why an ``APIClient`` call failed, each with a readable description.
public enum APIError: LocalizedError, Sendable {
    /// The endpoint's path and query do not make a URL.
    case invalidURL(String)
    /// The server answered 401.
    case unauthorized(body: Data)
    /// The server answered another status outside 200–299.
    case status(Int, body: Data)
    /// The body is not the expected type; `codingPath` says where it went wrong.
    case decoding(type: String, codingPath: String, reason: String)
    /// The input could not be encoded.
    case encoding(String)
    /// The request did not complete; the original `URLError` is kept.
    case transport(URLError)
    /// The call was cancelled.
    case cancelled

    public var errorDescription: String? {
        switch self {
        case .invalidURL(let text): "Invalid URL: \(text)"
        case .unauthorized: "Unauthorized (401): sign in again or check the token"
        case let .status(code, body):
            "The server answered \(code)" + (body.isEmpty ? "" : ": \(String(decoding: body.prefix(500), as: UTF8.self))")
        case let .decoding(type, path, reason): "Cannot decode \(type) at \(path.isEmpty ? "the top level" : path): \(reason)"
        case .encoding(let reason): "Cannot encode the request body: \(reason)"
        case .transport(let error): "The request failed: \(error.localizedDescription) (URLError \(error.code.rawValue))"
        case .cancelled: "The request was cancelled"
        }
    }
}
