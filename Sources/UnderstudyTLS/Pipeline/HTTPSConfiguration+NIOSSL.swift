import NIOSSL
import SwiftASN1
import X509

extension HTTPSConfiguration {
    /// NIOSSL's server settings: the identity's chain and key, ALPN, and client-certificate
    /// verification against the trusted authorities when required.
    func serverTLSConfiguration() throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try identity.nioCertificateChain().map { .certificate($0) },
            privateKey: .privateKey(try identity.nioPrivateKey()))
        configuration.applicationProtocols = http2 ? ["h2", "http/1.1"] : ["http/1.1"]
        configuration.minimumTLSVersion = .tlsv12
        if requireClientCertificate {
            let authorities = trustedClientCertificateAuthorities.isEmpty
                ? [identity.trustAnchorBytes]
                : trustedClientCertificateAuthorities.map { Array($0) }
            configuration.trustRoots = .certificates(try authorities.map { try NIOSSLCertificate(bytes: $0, format: .der) })
            // A client certificate names a client, not a host: check the chain, not a name.
            configuration.certificateVerification = .noHostnameVerification
        }
        return configuration
    }
}
