import Foundation
import Understudy
import UnderstudyClient
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The three ways a test reaches an `HTTPMock`: the harness `UnderstudyTesting` ships.
typealias Transport = MockTransport

/// `GET`s a path and returns status and body text.
func get(_ client: any HTTPClient, _ url: URL, headers: [String: String] = [:]) async throws -> (Int, String) {
    var request = URLRequest(url: url)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await client.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? -1, String(decoding: data, as: UTF8.self))
}
