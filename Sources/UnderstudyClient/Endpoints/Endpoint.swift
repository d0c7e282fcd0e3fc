public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A typed description of one API call: where it goes, what it sends (`Input`) and what it
/// returns (`Output`). Use one of the four kinds: ``EmptyEndpoint``, ``InEndpoint``,
/// ``OutEndpoint``, ``InOutEndpoint``.
///
/// ```swift
/// struct GetUser: OutEndpoint {
///     typealias Output = User
///     let id: Int
///     var path: String { "/users/\(id)" }
/// }
/// ```
public protocol Endpoint: Sendable {
    /// What the call sends as a JSON body (``Nothing`` for none).
    associatedtype Input: Encodable & Sendable = Nothing
    /// What the call returns, decoded from JSON (``Nothing`` for none).
    associatedtype Output: Decodable & Sendable = Nothing

    /// The method; `GET` unless overridden.
    var method: HTTPMethod { get }
    /// The path, appended to the base URL, for example `/users/42`.
    var path: String { get }
    /// Query items.
    var queryItems: [URLQueryItem] { get }
    /// Extra headers.
    var headers: [String: String] { get }
    /// A base URL for this endpoint only, instead of the client's.
    var baseURL: URL? { get }
}

extension Endpoint {
    public var method: HTTPMethod { .get }
    public var queryItems: [URLQueryItem] { [] }
    public var headers: [String: String] { [:] }
    public var baseURL: URL? { nil }
}

/// No input and no output, for example `DELETE /session`.
public protocol EmptyEndpoint: Endpoint where Input == Nothing, Output == Nothing {}
/// An encodable input and no output, for example `POST /events`.
public protocol InEndpoint: Endpoint where Output == Nothing {}
/// No input and a decodable output, for example `GET /users`.
public protocol OutEndpoint: Endpoint where Input == Nothing {}
/// Both an input and an output, for example `POST /login`.
public protocol InOutEndpoint: Endpoint {}

/// The absence of a body: encodes to nothing, decodes from anything.
public struct Nothing: Codable, Sendable, Hashable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {}
}
