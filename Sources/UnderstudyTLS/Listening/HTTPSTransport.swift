import NIOCore
import NIOSSL
import UnderstudyServer

/// ``HTTPSConfiguration`` as the server's ``SecureTransport``: builds the TLS context once
/// per start and sets up each accepted connection.
struct HTTPSTransport: SecureTransport {
    let settings: HTTPSConfiguration

    var port: Int { settings.port }

    var certificateAuthorityPEM: String? { settings.identity.certificateAuthorityPEM }

    func makeConnectionInitializer() throws -> @Sendable (any Channel, ConnectionHandlers) -> EventLoopFuture<Void> {
        try HTTPSConnectionSetup(settings: settings).initializer
    }
}
