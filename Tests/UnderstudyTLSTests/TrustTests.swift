import AsyncHTTPClient
import Foundation
import Testing
import Understudy
import UnderstudyServer
import UnderstudyTLS
#if canImport(FoundationNetworking)
import FoundationNetworking
import UnderstudyTestSupport
#endif

/// Pinning, mutual TLS and the trust helpers: what a client that checks its server sees.
/// (The time limit only stops a broken build from hanging.)
@Suite(.timeLimit(.minutes(2)))
struct TrustTests {
    private func mock() -> HTTPMock {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/ping"), .ok.body("pong"))
        return mock
    }

    @Test func aClientPinnedToTheServersKeyConnects() async throws {
        try await withHTTPSServer(mock()) { server in
            let connected = try await handshakeSucceeds(port: server.httpsPort, pins: [server.tlsIdentity.publicKeyPin])
            #expect(connected)
        }
    }

    @Test func aClientPinnedToAnotherKeyRefusesTheServer() async throws {
        try await withHTTPSServer(mock()) { server in
            let other = try TLSIdentity.generated().publicKeyPin
            let connected = try await handshakeSucceeds(port: server.httpsPort, pins: [other])
            #expect(!connected)
        }
    }

    @Test func pinsMatchOnAnyCertificateOfTheChain() throws {
        let identity = try TLSIdentity.generated()
        let chain = [identity.leafCertificateDER, try #require(identity.certificateAuthorityDER)]
        #expect(PublicKeyPin.matches(chainDER: chain, pins: [identity.publicKeyPin]))
        #expect(!PublicKeyPin.matches(chainDER: chain, pins: ["AAAA"]))
        #expect(PublicKeyPin.of(certificateDER: Data("not a certificate".utf8)) == nil)
    }

    @Test func aServerRequiringClientCertificatesRefusesAClientWithout() async throws {
        let https = try HTTPSConfiguration(requireClientCertificate: true)
        try await withHTTPSServer(mock(), https: https) { server in
            try await withClient(trusting: server.tlsIdentity) { client in
                await #expect(throws: (any Error).self) { try await client.send(server.httpsBaseURL.appendingPathComponent("ping")) }
            }
            let authority = try temporaryFile(try #require(server.tlsIdentity.certificateAuthorityPEM))
            let curl = try await run(["curl", "-sS", "--cacert", authority, try server.httpsBaseURL.appendingPathComponent("ping").absoluteString])
            #expect(curl.status != 0, "curl without a certificate is refused: \(curl.standardOutput)")
            #expect(curl.standardOutput.isEmpty)
        }
    }

    @Test func aServerRequiringClientCertificatesAcceptsOneFromItsAuthority() async throws {
        let authority = try CertificateAuthority.generate()
        let https = try HTTPSConfiguration(identity: try authority.issueServerIdentity(), requireClientCertificate: true)
        try await withHTTPSServer(mock(), https: https) { server in
            let clientIdentity = try authority.issueClientIdentity()
            try await withClient(trusting: server.tlsIdentity, presenting: clientIdentity) { client in
                let response = try await client.send(server.httpsBaseURL.appendingPathComponent("ping"))
                #expect(response.body == "pong")
            }
            // curl with the certificate gets in; with one from another authority it is refused.
            let ca = try temporaryFile(try #require(server.tlsIdentity.certificateAuthorityPEM))
            let url = try server.httpsBaseURL.appendingPathComponent("ping").absoluteString
            let accepted = try await run(["curl", "-sS", "--cacert", ca, "--cert", try temporaryFile(clientIdentity.certificateChainPEM),
                                          "--key", try temporaryFile(clientIdentity.privateKeyPEM), url])
            #expect(accepted.standardOutput == "pong", "\(accepted.standardError)")
            let stranger = try CertificateAuthority.generate().issueClientIdentity()
            let refused = try await run(["curl", "-sS", "--cacert", ca, "--cert", try temporaryFile(stranger.certificateChainPEM),
                                         "--key", try temporaryFile(stranger.privateKeyPEM), url])
            // (curl reports the server's alert, or the closed connection when it reads too late.)
            #expect(refused.status != 0)
            #expect(refused.standardOutput.isEmpty, "the same request as the accepted one, another authority's certificate")
        }
    }

    @Test func theAuthorityAConfigurationGeneratesIssuesItsClientCertificates() async throws {
        let https = try HTTPSConfiguration(requireClientCertificate: true)
        let authority = try #require(https.certificateAuthority, "a generated identity keeps its authority")
        #expect(https.identity.certificateAuthorityDER == authority.certificateDER)
        #expect(try HTTPSConfiguration(identity: https.identity).certificateAuthority == nil)
        try await withHTTPSServer(mock(), https: https) { server in
            try await withClient(trusting: server.tlsIdentity, presenting: try authority.issueClientIdentity()) { client in
                let response = try await client.send(server.httpsBaseURL.appendingPathComponent("ping"))
                #expect(response.body == "pong")
            }
        }
    }

    @Test func anAuthorityKeptOnDiskIssuesTheSameTrust() throws {
        let authority = try CertificateAuthority.generate()
        let reloaded = try CertificateAuthority(certificatePEM: authority.certificatePEM, privateKeyPEM: authority.privateKeyPEM)
        #expect(reloaded.certificateDER == authority.certificateDER)
        let identity = try reloaded.issueServerIdentity()
        #expect(identity.certificateAuthorityDER == authority.certificateDER)
    }

    @Test func yourOwnChainAndKeyAreServed() async throws {
        let authority = try CertificateAuthority.generate(name: "My Own CA")
        let issued = try authority.issueServerIdentity()
        let key = try temporaryFile(try issued.privateKeyPEM, name: "key.pem")
        let chain = try temporaryFile(issued.certificateChainPEM, name: "chain.pem")
        let own = try TLSIdentity(certificateFile: chain, privateKeyFile: key)
        #expect(own.certificateAuthorityPEM == nil, "the authority is not in the files")
        try await withHTTPSServer(mock(), https: try HTTPSConfiguration(identity: own)) { server in
            let curl = try await run(["curl", "-sS", "--cacert", try temporaryFile(authority.certificatePEM),
                                      try server.httpsBaseURL.appendingPathComponent("ping").absoluteString])
            #expect(curl.standardOutput == "pong", "\(curl.standardError)")
        }
    }

    @Test func badPEMIsRefusedWithTheReason() throws {
        let identity = try TLSIdentity.generated()
        #expect { try TLSIdentity(certificateChainPEM: "nonsense", privateKeyPEM: "nonsense") } throws: { error in
            "\(error)".contains("cannot read the certificate chain")
        }
        let otherKey = try TLSIdentity.generated().privateKeyPEM
        #expect { try TLSIdentity(certificateChainPEM: identity.certificateChainPEM, privateKeyPEM: otherKey) } throws: { error in
            "\(error)".contains("does not belong to the first certificate")
        }
        #expect { try TLSIdentity(certificateFile: "/nonexistent/chain.pem", privateKeyFile: "/nonexistent/key.pem") } throws: { error in
            "\(error)".contains("/nonexistent/chain.pem")
        }
    }

    @Test func anOutOfRangeFrameSizeStopsTheServerFromStarting() async throws {
        var configuration = MockServerConfiguration()
        configuration.https = try HTTPSConfiguration(maxFrameSize: 1_000)
        let server = MockServer(mock: mock(), configuration: configuration)
        await #expect { try await server.start() } throws: { error in
            "\(error)".contains("maxFrameSize must be between 16384 and 16777215")
        }
        try await server.shutdown()
    }

    #if canImport(FoundationNetworking)
    /// swift-corelibs-foundation verifies server certificates in libcurl against the system
    /// store and never asks the delegate about server trust: a session with the trusting
    /// delegate still refuses the mock's certificate on Linux. (On Apple platforms the same
    /// delegate anchors the authority; that path could not run here.)
    @Test func onLinuxURLSessionCannotBeToldToTrustTheAuthority() async throws {
        try await withHTTPSServer(mock()) { server in
            let delegate = TrustingSessionDelegate(trusting: try server.tlsIdentity)
            let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
            defer { session.finishTasksAndInvalidate() }
            await #expect(throws: URLError.self) {
                try await session.data(from: server.httpsBaseURL.appendingPathComponent("ping"))
            }
            // Plain HTTP on the same server works with the same session.
            let (data, _) = try await session.data(from: server.baseURL.appendingPathComponent("ping"))
            #expect(String(decoding: data, as: UTF8.self) == "pong")
        }
    }
    #endif
}
