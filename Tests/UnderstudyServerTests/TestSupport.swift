import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import Testing
import Understudy
@testable import UnderstudyServer
import UnderstudyTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response as a test sees it.
struct TestResponse {
    var status: Int
    var headers: [(String, String)]
    var body: String

    func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
}

/// Sends a request with AsyncHTTPClient and reads the whole response.
func send(
    _ url: URL,
    method: String = "GET",
    headers: [(String, String)] = [],
    body: String? = nil
) async throws -> TestResponse {
    var request = HTTPClientRequest(url: url.absoluteString)
    request.method = .init(rawValue: method)
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    if let body { request.body = .bytes(ByteBuffer(string: body)) }
    // A hang guard only, as long as the other helpers' (60 s): a full parallel run once kept an
    // admin wait of 200 ms from answering within 10 s.
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
    let bytes = try await response.body.collect(upTo: 32 * 1024 * 1024)
    return TestResponse(status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
                        body: String(buffer: bytes))
}

/// Sends a request with URLSession (an ephemeral session per call).
func sendWithURLSession(_ url: URL, method: String = "GET", body: Data? = nil) async throws -> (Int, Data) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await session.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? -1, data)
}


/// Runs `body` with a started server on an event loop of its own (and that loop for the test's
/// clients), shut down after: for tests that keep a loop busy for seconds (100 000 parts, 200
/// streams), which on the shared loops (one per core, two on CI) would starve the other
/// socket tests running beside them until their clients time out.
func withServerOnItsOwnLoop<Result: Sendable>(
    _ mock: HTTPMock, configuration: MockServerConfiguration = MockServerConfiguration(),
    _ body: (MockServer, any EventLoopGroup) async throws -> Result
) async throws -> Result {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    do {
        let result = try await withMockServer(mock, configuration: configuration, group: group) { try await body($0, group) }
        try await group.shutdownGracefully()
        return result
    } catch {
        try? await group.shutdownGracefully()
        throw error
    }
}
