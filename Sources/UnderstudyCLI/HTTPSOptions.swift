import ArgumentParser
import Foundation
import UnderstudyServer
import UnderstudyTLS

/// `serve`'s HTTPS listener (off unless `--https-port` is given) and HTTP/2 on the plain port.
struct HTTPSOptions: ParsableArguments {
    @Option(name: .long, help: "Also serve HTTPS (HTTP/2 and HTTP/1.1) on this port; 0 picks a free one.")
    var httpsPort: Int?

    @Option(name: .long, help: "A PEM certificate chain (leaf first) to serve instead of one issued by understudy's certificate authority.")
    var httpsCert: String?

    @Option(name: .long, help: "The PEM private key of --https-cert.")
    var httpsKey: String?

    @Flag(name: .long, help: "Refuse HTTPS clients without a certificate issued by understudy's certificate authority (see `understudy ca client-cert`).")
    var httpsRequireClientCert = false

    @Flag(name: [.customLong("no-http2"), .customLong("disable-http2-tls")], help: "Offer HTTP/1.1 only on the HTTPS port.")
    var noHttp2 = false

    @Flag(name: .long, help: "Serve HTTPS only: no plain-HTTP listener (needs --https-port).")
    var disableHttp = false

    @Flag(name: .long, help: "Speak HTTP/1.1 only on the plain port; by default it also speaks HTTP/2 to clients that start with its preface (h2c with prior knowledge), as WireMock does.")
    var disableHttp2Plain = false

    @OptionGroup var authority: CertificateAuthorityOptions

    func validate() throws {
        if (httpsCert == nil) != (httpsKey == nil) {
            throw ValidationError("--https-cert and --https-key go together; give both, or neither to use understudy's certificate authority")
        }
        if httpsPort == nil, httpsCert != nil || httpsRequireClientCert || noHttp2 || disableHttp {
            throw ValidationError("HTTPS options need --https-port N (0 picks a free port)")
        }
    }

    /// Adds the HTTPS settings to `configuration`; returns the certificate authority file
    /// clients should trust, if understudy's own authority issued the certificate.
    func apply(to configuration: inout MockServerConfiguration) throws(CLIError) -> URL? {
        configuration.http2PriorKnowledge = !disableHttp2Plain
        guard let httpsPort else { return nil }
        let store = authority.store
        var authorityFile: URL?
        let identity: TLSIdentity
        do {
            // The kept authority is read (or made) once, when it signs the leaf or client certificates.
            let kept = httpsCert == nil || httpsRequireClientCert ? try store.loadOrCreate() : nil
            if let httpsCert, let httpsKey {
                identity = try TLSIdentity(certificateFile: httpsCert, privateKeyFile: httpsKey)
            } else if let kept {
                identity = try kept.issueServerIdentity(hosts: ["localhost", "127.0.0.1", "::1"] + extraHosts(configuration.host))
                authorityFile = store.certificateFile
            } else {
                throw CLIError("--https-cert and --https-key go together")
            }
            let clientAuthorities = httpsRequireClientCert ? kept.map { [$0.certificateDER] } ?? [] : []
            configuration.https = try HTTPSConfiguration(identity: identity, port: httpsPort, http2: !noHttp2,
                                                         requireClientCertificate: httpsRequireClientCert,
                                                         trustedClientCertificateAuthorities: clientAuthorities)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("\(error)")
        }
        configuration.httpEnabled = !disableHttp
        return authorityFile
    }

    /// The bound address, when it is not loopback, is named in the certificate too.
    private func extraHosts(_ host: String) -> [String] {
        ["127.0.0.1", "::1", "localhost", "0.0.0.0", "::"].contains(host) ? [] : [host]
    }
}

/// Where understudy keeps its certificate authority.
struct CertificateAuthorityOptions: ParsableArguments {
    @Option(name: .long, help: "The folder of understudy's certificate authority (default: $UNDERSTUDY_CA_DIR, else ~/.understudy/ca); made on first use.")
    var caDir: String?

    var store: CertificateAuthorityStore { CertificateAuthorityStore(folder: caDir) }
}
