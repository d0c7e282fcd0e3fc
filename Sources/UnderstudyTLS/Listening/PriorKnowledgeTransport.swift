import NIOCore
import UnderstudyServer

/// HTTP/2 with prior knowledge on the plain port: the detector first on every connection.
struct PriorKnowledgeTransport: PlainTransport {
    func makeConnectionInitializer() -> @Sendable (any Channel, ConnectionHandlers) -> EventLoopFuture<Void> {
        { channel, handlers in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(PriorKnowledgeDetector(handlers: handlers))
            }
        }
    }
}

extension MockServerConfiguration {
    /// Whether the plain-HTTP port also speaks HTTP/2 to clients that start with its preface
    /// (h2c with prior knowledge, as `curl --http2-prior-knowledge` does); HTTP/1.1 clients are
    /// served as before. Off by default. HTTP/2 limits are the defaults of ``HTTPSConfiguration``.
    public var http2PriorKnowledge: Bool {
        get { plainTransport is PriorKnowledgeTransport }
        set { plainTransport = newValue ? PriorKnowledgeTransport() : nil }
    }
}
