import Crypto
public import Foundation
import SwiftASN1
import X509

/// A certificate authority that issues certificates for the loopback server (and, for mutual
/// TLS tests, for clients). ``generate(name:validity:)`` makes a new one in a few milliseconds
/// (P-256 keys); ``init(certificatePEM:privateKeyPEM:)`` loads one kept on disk (what
/// `understudy serve` does, so a simulator that trusts it once keeps trusting it).
///
/// It never touches a system trust store: a client trusts it only when told to, through
/// ``TLSIdentity``'s trust helpers.
public struct CertificateAuthority: Sendable {
    let certificate: Certificate
    let privateKey: Certificate.PrivateKey
    /// The certificate's DER encoding, made once.
    let certificateBytes: [UInt8]

    /// Makes a new authority with a P-256 key, valid from a minute ago for `validity`.
    /// - Parameters:
    ///   - name: the common name clients show for it.
    ///   - validity: how long it stays valid (one year by default).
    public static func generate(name: String = "Understudy Test CA", validity: Duration = .seconds(365 * 24 * 3600)) throws -> CertificateAuthority {
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let subject = try DistinguishedName {
            CommonName(name)
            OrganizationName("Understudy")
        }
        let now = Date()
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: key.publicKey,
            notValidBefore: now.addingTimeInterval(-60),
            notValidAfter: now.addingTimeInterval(validity.timeInterval),
            issuer: subject,
            subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: key.publicKey)
            },
            issuerPrivateKey: key
        )
        return try CertificateAuthority(certificate: certificate, privateKey: key)
    }

    /// ``generate(name:validity:)`` with its defaults, its failure as a ``TLSSetupError``.
    static func generated() throws(TLSSetupError) -> CertificateAuthority {
        do {
            return try generate()
        } catch {
            throw .cannotIssue("\(error)")
        }
    }

    /// Loads an authority from its certificate and private key, both PEM. Throws
    /// ``TLSSetupError`` when either cannot be read or the key does not belong to the certificate.
    public init(certificatePEM: String, privateKeyPEM: String) throws(TLSSetupError) {
        let certificate: Certificate
        let key: Certificate.PrivateKey
        do {
            certificate = try Certificate(pemEncoded: certificatePEM)
        } catch {
            throw .unreadable("the certificate authority's certificate", "\(error)")
        }
        do {
            key = try Certificate.PrivateKey(pemEncoded: privateKeyPEM)
        } catch {
            throw .unreadable("the certificate authority's private key", "\(error)")
        }
        guard key.publicKey == certificate.publicKey else {
            throw .keyMismatch("the certificate authority's private key does not belong to its certificate")
        }
        do {
            try self.init(certificate: certificate, privateKey: key)
        } catch {
            throw .unreadable("the certificate authority's certificate", "\(error)")
        }
    }

    init(certificate: Certificate, privateKey: Certificate.PrivateKey) throws {
        self.certificate = certificate
        self.privateKey = privateKey
        self.certificateBytes = try certificate.derEncoded()
    }

    /// The authority's certificate, DER-encoded (`understudy ca export --format der`).
    public var certificateDER: Data { Data(certificateBytes) }

    /// The authority's certificate as PEM: what a client or a simulator is told to trust
    /// (`xcrun simctl keychain booted add-root-cert <file>`).
    public var certificatePEM: String { PEMDocument(type: "CERTIFICATE", derBytes: certificateBytes).pemString + "\n" }

    /// The authority's private key as PEM (PKCS #8); keep it with the certificate to issue
    /// more certificates from the same authority later.
    public var privateKeyPEM: String {
        get throws(TLSSetupError) {
            do {
                return try privateKey.serializeAsPEM().pemString
            } catch {
                throw .unreadable("the certificate authority's private key", "\(error)")
            }
        }
    }

    /// Issues a server certificate for `hosts` (names and IP addresses), signed by this
    /// authority, with a new P-256 key.
    /// - Parameters:
    ///   - hosts: the names a client may connect to; `localhost`, `127.0.0.1` and `::1` by default.
    ///   - validity: how long it stays valid (one day by default: issuing is cheap).
    public func issueServerIdentity(hosts: [String] = ["localhost", "127.0.0.1", "::1"],
                                    validity: Duration = .seconds(24 * 3600)) throws(TLSSetupError) -> TLSIdentity {
        try issue(commonName: hosts.first ?? "localhost", hosts: hosts, usage: [.serverAuth], validity: validity)
    }

    /// Issues a client certificate named `name`, signed by this authority, for tests of a
    /// server that requires client certificates (``HTTPSConfiguration/requireClientCertificate``).
    public func issueClientIdentity(name: String = "Understudy Test Client",
                                    validity: Duration = .seconds(24 * 3600)) throws(TLSSetupError) -> TLSIdentity {
        try issue(commonName: name, hosts: [], usage: [.clientAuth], validity: validity)
    }

    private func issue(commonName: String, hosts: [String], usage: [ExtendedKeyUsage.Usage],
                       validity: Duration) throws(TLSSetupError) -> TLSIdentity {
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        var names: [GeneralName] = []
        for host in hosts {
            if let address = IPAddressBytes(host) {
                names.append(.ipAddress(ASN1OctetString(contentBytes: address.bytes[...])))
            } else {
                names.append(.dnsName(host))
            }
        }
        let now = Date()
        do {
            let subject = try DistinguishedName { CommonName(commonName) }
            let certificate = try Certificate(
                version: .v3,
                serialNumber: Certificate.SerialNumber(),
                publicKey: key.publicKey,
                notValidBefore: now.addingTimeInterval(-60),
                notValidAfter: now.addingTimeInterval(validity.timeInterval),
                issuer: self.certificate.subject,
                subject: subject,
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.notCertificateAuthority)
                    Critical(KeyUsage(digitalSignature: true))
                    try ExtendedKeyUsage(usage)
                    if !names.isEmpty { SubjectAlternativeNames(names) }
                    SubjectKeyIdentifier(hash: key.publicKey)
                    AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: self.certificate.publicKey).keyIdentifier)
                },
                issuerPrivateKey: privateKey
            )
            return try TLSIdentity(chain: [certificate], privateKey: key, authority: self.certificate)
        } catch {
            throw .cannotIssue("\(error)")
        }
    }
}
