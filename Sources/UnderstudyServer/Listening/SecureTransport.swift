package import NIOCore

/// What a second, secure listener puts in front of the server's handlers: `UnderstudyTLS`
/// conforms its HTTPS settings to it, so this target never links TLS.
package protocol SecureTransport: Sendable {
    /// The port to bind; 0 picks a free one.
    var port: Int { get }
    /// The certificate authority's certificate as PEM, served at
    /// `/__admin/certs/wiremock-ca.crt`; `nil` when the server's certificate has none it knows.
    var certificateAuthorityPEM: String? { get }
    /// Called once when the server starts: what sets up each connection the listener accepts
    /// (TLS, protocol negotiation, then ``ConnectionHandlers``). Throws when the settings
    /// cannot be used (a key that does not fit the certificate, for example).
    func makeConnectionInitializer() throws -> @Sendable (any Channel, ConnectionHandlers) -> EventLoopFuture<Void>
}
