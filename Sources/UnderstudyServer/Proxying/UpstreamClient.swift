import AsyncHTTPClient
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import Understudy

/// The HTTP client a server forwards proxied requests and sends webhooks with. It is created on
/// the first proxied request or webhook (most servers do neither) and shut down with the
/// server; after that it refuses to send.
///
/// It never follows redirects (the client sees upstream's 3xx, as through any proxy), never
/// decompresses (bodies pass through byte for byte) and never retries a refused connection.
final class UpstreamClient: Sendable {
    private let group: any EventLoopGroup
    private let timeout: Duration
    private enum State {
        case idle
        case running(HTTPClient)
        case shutDown
    }

    private let state = NIOLockedValueBox(State.idle)

    init(group: any EventLoopGroup, timeout: Duration) {
        self.group = group
        self.timeout = timeout
    }

    /// How long upstream may take to answer before the client gets a 504.
    var responseTimeout: Duration { timeout }

    /// Starts forwarding `proxy`; the delegate's callbacks run on `eventLoop`.
    func forward(
        _ proxy: ProxyRequest,
        delegate: ProxyResponseDelegate,
        on eventLoop: any EventLoop
    ) throws -> HTTPClient.Task<Void> {
        // AsyncHTTPClient traps when asked to run on a loop outside its group (an
        // EmbeddedChannel's, as in the HTTP fuzz target); refuse, which answers 502, instead.
        guard group.makeIterator().contains(where: { $0 === eventLoop }) else {
            throw UpstreamClientError(description: "the connection's event loop does not belong to the server's event loop group, so nothing can be forwarded from it")
        }
        var headers = NIOHTTP1.HTTPHeaders()
        for field in proxy.headers { headers.add(name: field.name, value: field.value) }
        let request = try HTTPClient.Request(
            url: proxy.url, method: NIOHTTP1.HTTPMethod(rawValue: proxy.method.rawValue), headers: headers,
            body: proxy.body.isEmpty ? nil : .bytes(proxy.body))
        return try httpClient().execute(request: request, delegate: delegate, eventLoop: .delegateAndChannel(on: eventLoop),
                                        deadline: .now() + TimeAmount(timeout))
    }

    /// Shuts the client down, if it was ever created.
    func shutdown() async {
        let client: HTTPClient? = state.withLockedValue { state in
            defer { state = .shutDown }
            if case .running(let client) = state { return client }
            return nil
        }
        try? await client?.shutdown()
    }

    /// The client, created on first use; throws once the server has shut down.
    func httpClient() throws -> HTTPClient {
        try state.withLockedValue { state in
            switch state {
            case .running(let client): return client
            case .shutDown: throw UpstreamClientError(description: "the server has shut down")
            case .idle: break
            }
            var configuration = HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                timeout: .init(connect: .seconds(10), read: TimeAmount(timeout)),
                decompression: .disabled)
            // A refused connection is answered with a 502 at once, not retried until the
            // connect timeout.
            configuration.connectionPool.retryConnectionEstablishment = false
            let created = HTTPClient(eventLoopGroupProvider: .shared(group), configuration: configuration)
            state = .running(created)
            return created
        }
    }
}

/// A request the upstream client cannot forward.
struct UpstreamClientError: Error, CustomStringConvertible {
    let description: String
}
