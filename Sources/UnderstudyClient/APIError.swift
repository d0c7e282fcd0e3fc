public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why an ``APIClient`` call failed, each with a readable description.
///
/// `APIError` is a struct, not an enum, so that later versions can add kinds of failure
/// without breaking your code. Compare with the static members (`error == .cancelled`), read
/// the properties (`statusCode`, `body`, `urlError`, `codingPath`), or `switch` over ``kind``:
/// ```swift
/// do {
///     user = try await client.send(GetUser(id: 2))
/// } catch let error as APIError {
///     switch error.kind {
///     case .unauthorized: showSignIn()
///     case .status(let code, _) where code >= 500: showRetry()
///     case .transport(let urlError): showOffline(urlError)
///     default: showError(error.localizedDescription)
///     }
/// }
/// ```
public struct APIError: LocalizedError, Sendable, Equatable {
    /// The kind of failure with what it carries, for a `switch`. Include a `default:` case:
    /// later versions may add kinds.
    public enum Kind: Sendable, Equatable {
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
    }

    /// What went wrong, for a `switch`.
    public let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    /// The endpoint's path and query do not make a URL.
    public static func invalidURL(_ url: String) -> APIError { APIError(.invalidURL(url)) }

    /// The server answered 401.
    public static func unauthorized(body: Data) -> APIError { APIError(.unauthorized(body: body)) }

    /// The server answered another status outside 200–299.
    public static func status(_ code: Int, body: Data) -> APIError { APIError(.status(code, body: body)) }

    /// The body is not the expected type; `codingPath` says where it went wrong.
    public static func decoding(type: String, codingPath: String, reason: String) -> APIError {
        APIError(.decoding(type: type, codingPath: codingPath, reason: reason))
    }

    /// The input could not be encoded.
    public static func encoding(_ reason: String) -> APIError { APIError(.encoding(reason)) }

    /// The request did not complete; the original `URLError` is kept.
    public static func transport(_ error: URLError) -> APIError { APIError(.transport(error)) }

    /// The call was cancelled.
    public static let cancelled = APIError(.cancelled)

    /// The HTTP status the server answered with: 401 for ``unauthorized(body:)``, the code of
    /// ``status(_:body:)``; `nil` when the failure is not an HTTP answer.
    public var statusCode: Int? {
        switch kind {
        case .unauthorized: 401
        case .status(let code, _): code
        default: nil
        }
    }

    /// The body the server answered with, for ``unauthorized(body:)`` and ``status(_:body:)``.
    public var body: Data? {
        switch kind {
        case .unauthorized(let body), .status(_, let body): body
        default: nil
        }
    }

    /// The original error of a ``transport(_:)`` failure.
    public var urlError: URLError? {
        if case .transport(let error) = kind { return error }
        return nil
    }

    /// Where decoding failed (`address.city`, `items[2].id`; empty for the top level), for
    /// ``decoding(type:codingPath:reason:)``.
    public var codingPath: String? {
        if case .decoding(_, let codingPath, _) = kind { return codingPath }
        return nil
    }

    public var errorDescription: String? {
        switch kind {
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

extension APIError {
    /// The error a call reports for `error`, the same whether a real client or a typed
    /// expectation threw it: a `URLError` becomes ``transport(_:)`` (``cancelled`` for
    /// `.cancelled`), a `CancellationError` becomes ``cancelled``; anything else is unchanged.
    static func reported(_ error: any Error) -> any Error {
        switch error {
        case is CancellationError: APIError.cancelled
        case let urlError as URLError: urlError.code == .cancelled ? APIError.cancelled : APIError.transport(urlError)
        default: error
        }
    }
}
