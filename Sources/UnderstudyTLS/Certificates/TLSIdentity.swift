import Crypto
public import Foundation
import SwiftASN1
import X509

/// A certificate chain with its private key: what the HTTPS listener presents (or, issued with
/// ``CertificateAuthority/issueClientIdentity(name:validity:)``, what a client presents under
/// mutual TLS), together with the authority that issued it when known.
///
/// It hands tests what they check a TLS client against: the authority's certificate (DER and
/// PEM) to trust, the leaf, and the leaf's public-key pin.
public struct TLSIdentity: Sendable {
    let privateKey: Certificate.PrivateKey
    /// The chain, leaf first, then any intermediates (DER).
    let chainBytes: [[UInt8]]
    /// The issuing authority's certificate (DER), when known.
    let authorityBytes: [UInt8]?
    /// The leaf's public-key pin: the base64 SHA-256 of its SubjectPublicKeyInfo, as HPKP,
    /// OkHttp's `CertificatePinner` and most pinning code compute it. A client pinned to it
    /// connects; pinned to anything else it must refuse.
    public let publicKeyPin: String

    /// `chain` holds at least the leaf (both callers check).
    init(chain: [Certificate], privateKey: Certificate.PrivateKey, authority: Certificate?) throws {
        self.privateKey = privateKey
        self.chainBytes = try chain.map { try $0.derEncoded() }
        self.authorityBytes = try authority?.derEncoded()
        self.publicKeyPin = chain.first.map(PublicKeyPin.of) ?? ""
    }

    /// A server identity for `localhost`, `127.0.0.1` and `::1` issued by a new authority:
    /// what ``HTTPSConfiguration`` uses unless given another.
    public static func generated() throws(TLSSetupError) -> TLSIdentity {
        try CertificateAuthority.generated().issueServerIdentity()
    }

    /// Loads your own certificate chain (leaf first, PEM blocks one after another) and its
    /// private key (PEM). Give `certificateAuthorityPEM` to have the server serve it at
    /// `/__admin/certs/wiremock-ca.crt` and the trust helpers trust it; without it they trust
    /// the last certificate of the chain. Throws ``TLSSetupError`` naming what cannot be read.
    public init(certificateChainPEM: String, privateKeyPEM: String, certificateAuthorityPEM: String? = nil) throws(TLSSetupError) {
        let chain: [Certificate]
        do {
            chain = try PEMDocument.parseMultiple(pemString: certificateChainPEM).map { try Certificate(pemDocument: $0) }
        } catch {
            throw .unreadable("the certificate chain", "\(error)")
        }
        guard let leaf = chain.first else {
            throw .unreadable("the certificate chain", "it holds no -----BEGIN CERTIFICATE----- block")
        }
        let key: Certificate.PrivateKey
        do {
            key = try Certificate.PrivateKey(pemEncoded: privateKeyPEM)
        } catch {
            throw .unreadable("the private key", "\(error)")
        }
        guard key.publicKey == leaf.publicKey else {
            throw .keyMismatch("the private key does not belong to the first certificate of the chain")
        }
        var authority: Certificate?
        if let certificateAuthorityPEM {
            do {
                authority = try Certificate(pemEncoded: certificateAuthorityPEM)
            } catch {
                throw .unreadable("the certificate authority's certificate", "\(error)")
            }
        }
        do {
            try self.init(chain: chain, privateKey: key, authority: authority)
        } catch {
            throw .unreadable("the certificate chain", "\(error)")
        }
    }

    /// Loads a certificate chain and key from PEM files, as ``init(certificateChainPEM:privateKeyPEM:certificateAuthorityPEM:)``.
    public init(certificateFile: String, privateKeyFile: String) throws(TLSSetupError) {
        try self.init(certificateChainPEM: Self.read(certificateFile), privateKeyPEM: Self.read(privateKeyFile))
    }

    private static func read(_ path: String) throws(TLSSetupError) -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .file(path, "it cannot be read as text (\(error.localizedDescription)); give the path of a PEM file")
        }
    }

    /// The leaf certificate, DER-encoded.
    public var leafCertificateDER: Data { Data(chainBytes[0]) }

    /// The leaf certificate as PEM.
    public var leafCertificatePEM: String { Self.pem(chainBytes[0]) }

    /// The whole chain as PEM, leaf first.
    public var certificateChainPEM: String { chainBytes.map(Self.pem).joined() }

    /// The authority that issued the leaf, DER-encoded: what a client should trust. `nil` for
    /// a chain of your own loaded without its authority.
    public var certificateAuthorityDER: Data? { authorityBytes.map { Data($0) } }

    /// The authority that issued the leaf as PEM (what `GET /__admin/certs/wiremock-ca.crt`
    /// serves, and what `xcrun simctl keychain booted add-root-cert` takes). `nil` for a chain
    /// of your own loaded without its authority.
    public var certificateAuthorityPEM: String? { authorityBytes.map(Self.pem) }

    /// The private key as PEM (PKCS #8): to hand a client identity to curl (`--key`) or another
    /// process.
    public var privateKeyPEM: String {
        get throws(TLSSetupError) {
            do {
                return try privateKey.serializeAsPEM().pemString + "\n"
            } catch {
                throw .unreadable("the private key", "\(error)")
            }
        }
    }

    /// The certificate a client should trust: the authority when known, else the last of the chain.
    var trustAnchorBytes: [UInt8] { authorityBytes ?? chainBytes[chainBytes.count - 1] }

    private static func pem(_ der: [UInt8]) -> String {
        PEMDocument(type: "CERTIFICATE", derBytes: der).pemString + "\n"
    }
}
