import Foundation
import Testing
import Understudy
import UnderstudyServer
import UnderstudyTLS
import UnderstudyTestSupport
import UnderstudyMessaging

/// Clients we did not write: curl (`--http2`, `--http1.1`, `--cacert`), `openssl s_client`
/// (ALPN, chain, verification) and nghttp (HTTP/2 frames), all installed by `.ci/run`.
/// (The time limit only stops a broken build from hanging.)
@Suite(.timeLimit(.minutes(2)))
struct RealClientTests {
    private func mock() -> HTTPMock {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/users/42"), .ok.body(#"{"id":42}"#))
        return mock
    }

    @Test(arguments: [("--http2", "2"), ("--http1.1", "1.1")])
    func curlTrustsTheExportedAuthorityAndSpeaksTheAskedVersion(flag: String, version: String) async throws {
        try await withHTTPSServer(mock()) { server in
            let authority = try temporaryFile(try #require(server.tlsIdentity.certificateAuthorityPEM))
            let url = try server.httpsBaseURL.appendingPathComponent("users/42").absoluteString
            let output = try await run(["curl", "-sS", flag, "--cacert", authority, "-w", "\n%{http_version}", url])
            #expect(output.status == 0, "curl: \(output.standardError)")
            #expect(output.standardOutput == "{\"id\":42}\n\(version)")
        }
    }

    @Test func curlWithoutTheAuthorityRefusesTheServer() async throws {
        try await withHTTPSServer(mock()) { server in
            let output = try await run(["curl", "-sS", try server.httpsBaseURL.appendingPathComponent("users/42").absoluteString])
            #expect(output.status == 60, "curl's 'peer certificate cannot be authenticated': \(output.standardError)")
        }
    }

    @Test func curlReachesLocalhostByNameToo() async throws {
        try await withHTTPSServer(mock()) { server in
            let authority = try temporaryFile(try #require(server.tlsIdentity.certificateAuthorityPEM))
            let url = "https://localhost:\(try server.httpsPort)/users/42"
            let output = try await run(["curl", "-sS", "--cacert", authority, url])
            #expect(output.status == 0, "curl: \(output.standardError)")
            #expect(output.standardOutput == #"{"id":42}"#)
        }
    }

    @Test(arguments: [("h2", true), ("http/1.1", true), ("h2", false)])
    func opensslSeesTheNegotiatedProtocolAndAVerifiedChain(alpn: String, http2: Bool) async throws {
        try await withHTTPSServer(mock(), https: try HTTPSConfiguration(http2: http2)) { server in
            let identity = try server.tlsIdentity
            let authority = try temporaryFile(try #require(identity.certificateAuthorityPEM))
            let output = try await run(["openssl", "s_client", "-connect", "127.0.0.1:\(try server.httpsPort)", "-alpn", alpn,
                                        "-CAfile", authority, "-verify_ip", "127.0.0.1", "-showcerts"], input: "")
            let text = output.standardOutput
            let negotiated = alpn == "h2" && !http2 ? "No ALPN negotiated" : "ALPN protocol: \(alpn)"
            #expect(text.contains(negotiated), "\(text)")
            #expect(text.contains("Verify return code: 0 (ok)"), "\(text)")
            #expect(text.contains("CN = localhost"), "the leaf names localhost: \(text)")
            #expect(text.contains("CN = Understudy Test CA"), "issued by the generated authority: \(text)")
            #expect(text.contains(identity.leafCertificatePEM.trimmingCharacters(in: .whitespacesAndNewlines)), "the leaf served is the identity's")
        }
    }

    @Test func theLeafNamesLocalhostAndBothLoopbackAddresses() async throws {
        let identity = try TLSIdentity.generated()
        let leaf = try temporaryFile(identity.leafCertificatePEM)
        let output = try await run(["openssl", "x509", "-in", leaf, "-noout", "-ext", "subjectAltName,extendedKeyUsage,basicConstraints"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("TLS Web Server Authentication"))
        #expect(output.standardOutput.contains("CA:FALSE"))
        let verify = try await run(["openssl", "verify", "-CAfile", try temporaryFile(try #require(identity.certificateAuthorityPEM)), leaf])
        #expect(verify.status == 0, "\(verify.standardOutput)\(verify.standardError)")
    }

    @Test func thePinIsTheSHA256OfTheLeafsPublicKeyAsOpenSSLComputesIt() async throws {
        let identity = try TLSIdentity.generated()
        let leaf = try temporaryFile(identity.leafCertificatePEM)
        let output = try await run(["sh", "-c", """
            openssl x509 -in "$0" -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64
            """, leaf])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == identity.publicKeyPin)
        #expect(PublicKeyPin.of(certificateDER: identity.leafCertificateDER) == identity.publicKeyPin)
    }

    /// `wss://` on the TLS listener, with Python's `websockets` (16.0, installed by `.ci/run`)
    /// trusting the server's authority: the upgrade, a message answered by a script, and the
    /// socket's opening request recorded as `https`. Skipped when the module is missing, unless
    /// `UNDERSTUDY_REQUIRE_PYTHON_E2E=1` (CI), which makes that a failure.
    @Test(.enabled("needs `pip install websockets==16.0`") {
        try await run(["python3", "-c", "import websockets"]).status == 0 || ProcessInfo.processInfo.environment["UNDERSTUDY_REQUIRE_PYTHON_E2E"] == "1"
    })
    func pythonWebSocketsTalksOverWSS() async throws {
        let mock = HTTPMock()
        mock.webSocket(urlPath: "/chat") { socket in
            socket.on(.equalTo("hello")) { $0.send("world, securely") }
        }
        let client = """
            import asyncio, ssl, sys
            from websockets.asyncio.client import connect

            async def main():
                context = ssl.create_default_context(cafile=sys.argv[2])
                async with connect(sys.argv[1], ssl=context) as socket:
                    await socket.send("hello")
                    print(await socket.recv())

            asyncio.run(main())
            """
        try await withHTTPSServer(mock) { server in
            let authority = try temporaryFile(try #require(server.tlsIdentity.certificateAuthorityPEM))
            let output = try await run(["python3", "-c", client, "wss://127.0.0.1:\(try server.httpsPort)/chat", authority])
            #expect(output.status == 0, "\(output.standardError)")
            #expect(output.standardOutput == "world, securely\n")
        }
        let received = mock.messages.events.filter { $0.direction == .received }
        #expect(received.map(\.message) == [.text("hello")])
        #expect(received.first?.channel.openingRequest.scheme == "https")
    }
}
