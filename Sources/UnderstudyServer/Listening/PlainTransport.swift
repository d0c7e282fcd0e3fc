package import NIOCore

/// What the plain-HTTP listener puts in front of the server's handlers when a target above this
/// one asks for it: `UnderstudyTLS`'s HTTP/2 with prior knowledge (h2c) detects the HTTP/2
/// preface and otherwise hands the connection to the HTTP/1.1 handlers.
package protocol PlainTransport: Sendable {
    /// Called once when the server starts: what sets up each connection the plain listener accepts.
    func makeConnectionInitializer() -> @Sendable (any Channel, ConnectionHandlers) -> EventLoopFuture<Void>
}
