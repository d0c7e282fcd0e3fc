public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The one call an app's networking layer needs: send a request, get the body and response.
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
