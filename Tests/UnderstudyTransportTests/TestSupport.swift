import Foundation
import Understudy
import UnderstudyClient
import UnderstudyInProcess
import UnderstudyTesting
import UnderstudyTestSupport
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

/// A loopback TCP port bound by this process but not listening, so connecting to it is
/// refused and no other server (another test's, running in parallel) can take it until
/// `body` returns. A port freed a moment ago would not do: a parallel test may bind it.
func withRefusingPort<T>(_ body: (Int) async throws -> T) async throws -> T {
    let socket = try LoopbackSocket()
    defer { socket.close() }
    return try await body(socket.port)
}

extension InProcessAnswer {
    /// An answer whose head is read back from `response` (header fields sorted by name), for
    /// tests that build an answer by hand.
    init(response: HTTPURLResponse, body: TimedBody) {
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields.sorted(by: { "\($0.key)" < "\($1.key)" }) {
            headers.add(name: "\(name)", value: "\(value)")
        }
        self.init(response: response, head: ResponseHead(status: response.statusCode, headers: headers), body: body, completion: nil)
    }
}
