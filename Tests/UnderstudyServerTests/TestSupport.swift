import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import Testing
import Understudy
@testable import UnderstudyServer
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
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
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

/// Writes raw bytes to the server and collects everything it sends until it closes the
/// connection; `timeout` is when the client gives up itself (by default only a guard against a
/// server that never closes). Reports how the connection ended.
func exchangeRaw(_ bytes: String, port: Int, timeout: TimeAmount = .seconds(60)) async throws -> RawExchange {
    let collector = RawCollector()
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) }
        }
        .connect(host: "127.0.0.1", port: port).get()
    // The server may already have closed the connection (connection cap); that is an outcome, not an error.
    try? await channel.writeAndFlush(ByteBuffer(string: bytes))
    let timer = channel.eventLoop.scheduleTask(in: timeout) {
        collector.closedByClient()
        channel.close(promise: nil)
    }
    try? await channel.closeFuture.get()
    timer.cancel()
    return collector.result
}

/// Waits until `condition` holds, checking every 10 ms: for states with no event to await
/// (a connection count). The deadline only stops a broken build from hanging; reaching it
/// records an issue naming `what`.
func waitUntil(_ what: String, deadline: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation,
               _ condition: () -> Bool) async throws {
    let end = ContinuousClock.now + deadline
    while !condition() {
        guard ContinuousClock.now < end else {
            Issue.record("never happened: \(what)", sourceLocation: sourceLocation)
            return
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}

/// What a raw exchange saw.
struct RawExchange: Sendable {
    var received: String
    var receivedBytes: Int
    /// Whether the client's own timeout closed the connection (the server never did).
    var closedByClient = false
    /// The error that ended the connection, for example a reset.
    var error: String?
}

/// Collects inbound bytes and the closing error.
final class RawCollector: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    private let box = NIOLockedValueBox(RawExchange(received: "", receivedBytes: 0, error: nil))

    var result: RawExchange { box.withLockedValue { $0 } }

    /// Notes that the client gave up and closed the connection itself.
    func closedByClient() { box.withLockedValue { $0.closedByClient = true } }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        box.withLockedValue {
            $0.received += String(buffer: buffer)
            $0.receivedBytes += buffer.readableBytes
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        box.withLockedValue { $0.error = "\(error)" }
        context.close(promise: nil)
    }
}

extension Process {
    /// Runs the process and returns a stream that finishes when it exits: its termination
    /// handler ends the wait, with no polling and no thread blocked.
    func runUntilExit() throws -> AsyncStream<Void> {
        let exited = AsyncStream<Void> { continuation in terminationHandler = { _ in continuation.finish() } }
        try run()
        return exited
    }
}
