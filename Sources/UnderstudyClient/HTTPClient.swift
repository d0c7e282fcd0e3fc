public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The calls an app's networking layer needs: send a request, get the body and response, whole
/// or as it arrives.
///
/// Production code takes an `HTTPClient` (defaulting to `URLSession.shared`); tests pass an
/// `HTTPMock`, which answers from its stubs with no I/O at all:
/// ```swift
/// struct UserService {
///     var client: any HTTPClient = URLSession.shared
///     func name(of id: Int) async throws -> String {
///         let (data, _) = try await client.data(for: URLRequest(url: URL(string: "https://api.example.com/users/\(id)")!))
///         return String(decoding: data, as: UTF8.self)
///     }
/// }
/// ```
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the body and the response.
    func data(for request: URLRequest) async throws -> (Data, URLResponse)

    /// Sends `request` and returns the response as soon as its head has arrived, with the body
    /// as a ``StreamedBody`` that hands out each chunk when it arrives: for server-sent events
    /// and other streams.
    /// ```swift
    /// let (body, response) = try await client.stream(for: request)
    /// for try await line in body.lines { print(line) }
    /// ```
    /// A conformer that does not implement it gets ``data(for:)``'s body as one chunk.
    func stream(for request: URLRequest) async throws -> (StreamedBody, URLResponse)
}

extension HTTPClient {
    /// The whole body as one chunk, once ``data(for:)`` has returned it: for clients that
    /// cannot stream.
    public func stream(for request: URLRequest) async throws -> (StreamedBody, URLResponse) {
        let (data, response) = try await data(for: request)
        return (StreamedBody(data), response)
    }
}

#if canImport(FoundationNetworking)
extension URLSession: HTTPClient {
    // swift-corelibs-foundation's `data(for:)` takes a delegate argument; forward to it.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await data(for: request, delegate: nil)
    }
}
#else
extension URLSession: HTTPClient {}
#endif
