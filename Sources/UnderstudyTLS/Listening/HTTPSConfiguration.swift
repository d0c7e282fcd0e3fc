public import Foundation

/// Settings of a `MockServer`'s HTTPS listener: the certificate it presents, HTTP/2, client
/// certificates and HTTP/2 limits. Set it as `MockServerConfiguration.https`:
///
/// ```swift
/// var configuration = MockServerConfiguration()
/// configuration.https = try HTTPSConfiguration()
/// ```
///
/// Every setting has a default bounded for tests: a certificate from a new authority for
/// `localhost`, `127.0.0.1` and `::1`, an ephemeral port, ALPN offering `h2` and `http/1.1`,
/// at most 100 concurrent streams per connection, 80 KiB of request headers (as HTTP/1.1) and
/// 16 KiB frames.
public struct HTTPSConfiguration: Sendable {
    /// The port to bind; 0 picks a free one (read it back from `MockServer.httpsPort`).
    public var port: Int
    /// The certificate chain and key the server presents.
    public var identity: TLSIdentity
    /// The authority that issued ``identity`` when this configuration generated it (no
    /// `identity` was passed to `init`); `nil` otherwise. Issue client certificates from it
    /// for mutual TLS:
    /// ```swift
    /// var https = try HTTPSConfiguration(requireClientCertificate: true)
    /// let client = try https.certificateAuthority!.issueClientIdentity()
    /// ```
    public let certificateAuthority: CertificateAuthority?
    /// Whether ALPN offers `h2`; when `false` every connection speaks HTTP/1.1.
    public var http2: Bool
    /// Whether a client must present a certificate issued by one of
    /// ``trustedClientCertificateAuthorities`` (WireMock's `--https-require-client-cert`);
    /// a client without one is refused during the handshake.
    public var requireClientCertificate: Bool
    /// The authorities (DER) whose client certificates are accepted when
    /// ``requireClientCertificate`` is on; the identity's own authority when empty.
    public var trustedClientCertificateAuthorities: [Data]
    /// The most streams a client may open at once on one HTTP/2 connection.
    public var maxConcurrentStreams: Int
    /// The largest header list (decoded, in bytes) an HTTP/2 request may carry.
    public var maxHeaderListSize: Int
    /// The largest HTTP/2 frame payload the server accepts (16 384 to 16 777 215).
    public var maxFrameSize: Int

    /// Creates HTTPS settings. Without an `identity` a new certificate authority (kept in
    /// ``certificateAuthority``) and a certificate for `localhost`, `127.0.0.1` and `::1` are
    /// generated (a few milliseconds).
    public init(
        identity: TLSIdentity? = nil,
        port: Int = 0,
        http2: Bool = true,
        requireClientCertificate: Bool = false,
        trustedClientCertificateAuthorities: [Data] = [],
        maxConcurrentStreams: Int = 100,
        maxHeaderListSize: Int = 80 * 1024,
        maxFrameSize: Int = 16_384
    ) throws(TLSSetupError) {
        if let identity {
            self.identity = identity
            self.certificateAuthority = nil
        } else {
            let authority = try CertificateAuthority.generated()
            self.identity = try authority.issueServerIdentity()
            self.certificateAuthority = authority
        }
        self.port = port
        self.http2 = http2
        self.requireClientCertificate = requireClientCertificate
        self.trustedClientCertificateAuthorities = trustedClientCertificateAuthorities
        self.maxConcurrentStreams = maxConcurrentStreams
        self.maxHeaderListSize = maxHeaderListSize
        self.maxFrameSize = maxFrameSize
    }
}
