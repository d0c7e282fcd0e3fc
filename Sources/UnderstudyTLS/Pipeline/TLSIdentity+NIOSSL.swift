import NIOSSL
import SwiftASN1
import X509

extension TLSIdentity {
    /// The chain as NIOSSL certificates, leaf first.
    func nioCertificateChain() throws -> [NIOSSLCertificate] {
        try chainBytes.map { try NIOSSLCertificate(bytes: $0, format: .der) }
    }

    /// The private key as a NIOSSL key.
    func nioPrivateKey() throws -> NIOSSLPrivateKey {
        try NIOSSLPrivateKey(bytes: Array(privateKey.serializeAsPEM().pemString.utf8), format: .pem)
    }

    /// The certificate a client should trust, as a NIOSSL certificate.
    func nioTrustAnchor() throws -> NIOSSLCertificate {
        try NIOSSLCertificate(bytes: trustAnchorBytes, format: .der)
    }
}
