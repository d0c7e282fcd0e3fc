import Foundation
import NIOCore
public import NIOSSL

extension TLSIdentity {
    /// A NIOSSL `TLSConfiguration` for AsyncHTTPClient (or any NIO client) that trusts this
    /// identity's authority and nothing else: hand it to one client
    /// (`HTTPClient.Configuration(tlsConfiguration:)`); no other client and no system trust
    /// store is affected.
    /// - Parameter clientIdentity: a certificate to present, for a server that requires
    ///   client certificates (``CertificateAuthority/issueClientIdentity(name:validity:)``).
    public func clientTLSConfiguration(presenting clientIdentity: TLSIdentity? = nil) throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates([try nioTrustAnchor()])
        if let clientIdentity {
            configuration.certificateChain = try clientIdentity.nioCertificateChain().map { .certificate($0) }
            configuration.privateKey = .privateKey(try clientIdentity.nioPrivateKey())
        }
        return configuration
    }
}
