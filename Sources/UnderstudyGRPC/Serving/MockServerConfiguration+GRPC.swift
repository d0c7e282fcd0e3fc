public import Understudy
public import UnderstudyServer
import NIOHTTP1

extension MockServerConfiguration {
    /// Serves gRPC calls over the server's HTTP/2 (h2c with prior knowledge on the plain port,
    /// TLS with ALPN on the HTTPS one) from `mock`'s stubs, in WireMock's gRPC extension's format,
    /// by the descriptor sets in `mock.grpc`; and adds `POST /__admin/ext/grpc/reset`, which reads
    /// the descriptor sets of the mock's root again.
    ///
    /// ```swift
    /// var configuration = MockServerConfiguration()
    /// configuration.http2PriorKnowledge = true
    /// configuration.serveGRPC(for: mock)
    /// ```
    public mutating func serveGRPC(for mock: HTTPMock) {
        let services = mock.grpc
        streamTakeovers.append(StreamTakeover(takes: Self.isGRPC) { context in
            GRPCStreamHandler(server: context, services: services)
        })
        adminExtensions.append(AdminExtension(.post, "/ext/grpc/reset") { _ in
            guard let root = mock.configuration.root else {
                return ResponseDefinition(status: 200, body: .text("no root folder; nothing to reload"))
            }
            do {
                try services.reload(from: root)
                return ResponseDefinition(status: 200)
            } catch {
                return ResponseDefinition(status: 422, body: .text("Cannot reload the descriptor sets; the ones loaded before stay:\n\(error)"))
            }
        })
    }

    /// Whether a request head is a gRPC call (`content-type: application/grpc`, or `+proto`).
    static func isGRPC(_ head: HTTPRequestHead) -> Bool {
        guard let type = head.headers.first(name: "content-type")?.lowercased() else { return false }
        return type == "application/grpc" || type.hasPrefix("application/grpc+proto") || type.hasPrefix("application/grpc;")
    }
}
