import Foundation
import Understudy
import UnderstudyClient
import UnderstudyServer
import UnderstudyURLSession
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The three ways a test reaches an `HTTPMock`.
enum Transport: String, CaseIterable, CustomStringConvertible, Sendable {
    case direct, urlSession, server

    var description: String { rawValue }

    /// Runs `body` with a client for `mock` and the base URL to send requests to.
    func withClient(_ mock: HTTPMock, _ body: (any HTTPClient, URL) async throws -> Void) async throws {
        let base = URL(string: "http://api.example.com")!
        switch self {
        case .direct:
            try await body(mock, base)
        case .urlSession:
            let session = mock.urlSession()
            defer { session.finishTasksAndInvalidate() }
            try await body(session, base)
        case .server:
            try await withMockServer(mock) { server in
                let session = URLSession(configuration: .ephemeral)
                defer { session.finishTasksAndInvalidate() }
                try await body(session, server.baseURL)
            }
        }
    }
}

/// `GET`s a path and returns status and body text.
func get(_ client: any HTTPClient, _ url: URL, headers: [String: String] = [:]) async throws -> (Int, String) {
    var request = URLRequest(url: url)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await client.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? -1, String(decoding: data, as: UTF8.self))
}
