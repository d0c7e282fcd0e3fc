public import UnderstudyServer

extension MockServer {
    /// The certificate the HTTPS listener presents, with its authority and pin, for trusting
    /// or pinning it in a client: ``TLSIdentity/certificateAuthorityPEM``,
    /// ``TLSIdentity/publicKeyPin``, ``TLSIdentity/clientTLSConfiguration()``.
    ///
    /// Throws `MockServerError.notListening(scheme:)` when the server has
    /// no HTTPS settings.
    public var tlsIdentity: TLSIdentity {
        get throws(MockServerError) {
            guard let https = configuration.https else { throw .notListening(scheme: "https") }
            return https.identity
        }
    }
}
