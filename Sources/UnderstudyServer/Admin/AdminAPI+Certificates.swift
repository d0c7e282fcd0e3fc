import Understudy

extension AdminAPI {
    /// `GET /__admin/certs/wiremock-ca.crt`: the HTTPS listener's certificate authority as
    /// WireMock's `GetCaCertTask` serves it (`application/x-pem-file`), so a device or simulator
    /// can be told to trust it. 404 naming the fix when the server has no such authority.
    func certificateAuthority() -> ResponseDefinition {
        guard let pem = certificateAuthorityPEM else {
            return AdminError.notFound("""
                This server has no certificate authority to serve: it runs no HTTPS listener, or serves a certificate \
                of your own. Set configuration.https = HTTPSConfiguration() (UnderstudyTLS) or run \
                `understudy serve --https-port 8443`.
                """).response
        }
        return ResponseDefinition(status: 200, headers: ["Content-Type": "application/x-pem-file"], body: .text(pem))
    }
}
