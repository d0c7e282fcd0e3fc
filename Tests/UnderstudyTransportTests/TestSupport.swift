import Foundation
import Understudy
import UnderstudyClient
import UnderstudyInProcess
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

/// A loopback TCP port bound by this process but not listening, so connecting to it is
/// refused and no other server (another test's, running in parallel) can take it until
/// `body` returns. A port freed a moment ago would not do: a parallel test may bind it.
func withRefusingPort<T>(_ body: (Int) async throws -> T) async throws -> T {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
            bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
        }
    }
    guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
    return try await body(Int(UInt16(bigEndian: address.sin_port)))
}

extension InProcessAnswer {
    /// An answer whose head is read back from `response` (header fields sorted by name), for
    /// tests that build an answer by hand.
    init(response: HTTPURLResponse, body: TimedBody) {
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields.sorted(by: { "\($0.key)" < "\($1.key)" }) {
            headers.add(name: "\(name)", value: "\(value)")
        }
        self.init(response: response, head: ResponseHead(status: response.statusCode, headers: headers), body: body, webhooks: nil)
    }
}
