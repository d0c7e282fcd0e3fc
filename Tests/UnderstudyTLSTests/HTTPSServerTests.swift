import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import Understudy
import UnderstudyServer
import UnderstudyTLS
import UnderstudyTestSupport

/// The HTTPS listener with real clients: AsyncHTTPClient negotiating HTTP/2 through ALPN, the
/// same stubs, journal and near misses as plain HTTP. (The time limit only stops a broken
/// build from hanging.)
@Suite(.timeLimit(.minutes(2)))
struct HTTPSServerTests {
    private func mock() -> HTTPMock {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/users/42"), .ok.header("Content-Type", "application/json").body(#"{"id":42}"#))
        mock.stub(.get(urlPath: "/hello"), .ok.body("Hello {{request.query.name}} over {{request.scheme}}").templated())
        return mock
    }

    @Test func asyncHTTPClientNegotiatesHTTP2AndGetsTheStub() async throws {
        let mock = mock()
        try await withHTTPSServer(mock) { server in
            let identity = try server.tlsIdentity
            try await withClient(trusting: identity) { client in
                let response = try await client.send(server.httpsBaseURL.appendingPathComponent("users/42"))
                #expect(response.version == HTTPVersion.http2)
                #expect(response.status == 200)
                #expect(response.body == #"{"id":42}"#)
                #expect(response.headers["content-type"] == ["application/json"])
            }
        }
        let logged = try #require(mock.serveEvents.first)
        #expect(logged.request.scheme == "https")
        #expect(logged.request.path == "/users/42")
    }

    @Test func templatingSeesTheRequestOverHTTP2() async throws {
        try await withHTTPSServer(mock()) { server in
            try await withClient(trusting: server.tlsIdentity) { client in
                let response = try await client.send(URL(string: "\(try server.httpsBaseURL)/hello?name=Ada")!)
                #expect(response.version == HTTPVersion.http2)
                #expect(response.body == "Hello Ada over https")
            }
        }
    }

    @Test func anUnmatchedRequestGetsTheNearMissReportOverHTTP2() async throws {
        try await withHTTPSServer(mock()) { server in
            try await withClient(trusting: server.tlsIdentity) { client in
                let response = try await client.send(server.httpsBaseURL.appendingPathComponent("users/43"))
                #expect(response.status == 404)
                #expect(response.body.contains("/users/42"), "the closest stub is named: \(response.body)")
            }
        }
    }

    @Test func withoutHTTP2EveryConnectionSpeaksHTTP1() async throws {
        let mock = mock()
        try await withHTTPSServer(mock, https: try HTTPSConfiguration(http2: false)) { server in
            try await withClient(trusting: server.tlsIdentity) { client in
                let response = try await client.send(server.httpsBaseURL.appendingPathComponent("users/42"))
                #expect(response.version == HTTPVersion.http1_1)
                #expect(response.body == #"{"id":42}"#)
            }
        }
        // The handlers start although they join a connection already active (after TLS).
        #expect(mock.serveEvents.first?.request.clientAddress.hasPrefix("127.0.0.1:") == true)
    }

    /// HTTP/2 on and off, and HTTP/1.1 chosen by the client through ALPN (the handlers then join
    /// a connection that is already active).
    @Test(arguments: [(true, HTTPClient.Configuration.HTTPVersion.automatic), (false, .automatic), (true, .http1Only)])
    func theClientAddressIsRecordedOverTLS(http2: Bool, clientVersion: HTTPClient.Configuration.HTTPVersion) async throws {
        let mock = mock()
        try await withHTTPSServer(mock, https: try HTTPSConfiguration(http2: http2)) { server in
            try await withClient(trusting: server.tlsIdentity, httpVersion: clientVersion) { client in
                _ = try await client.send(server.httpsBaseURL.appendingPathComponent("users/42"))
            }
        }
        let address = try #require(mock.serveEvents.first?.request.clientAddress)
        #expect(address.hasPrefix("127.0.0.1:") && address != "127.0.0.1:0", "\(address)")
    }

    @Test func anIdleHTTP1ConnectionChosenByALPNIsClosedAfterTheHeadTimeout() async throws {
        // Long enough for the handshake and the first request under a loaded parallel run (the
        // head timeout also covers the first head); the idle close after it is what is tested.
        try await withHTTPSServer(mock(), configure: { $0.headerReadTimeout = .seconds(5) }) { server in
            try await withClient(trusting: server.tlsIdentity, httpVersion: .http1Only) { client in
                _ = try await client.send(server.httpsBaseURL.appendingPathComponent("users/42"))
                // AsyncHTTPClient keeps an idle connection for a minute; the server closes it first.
                try await waitUntil("the idle keep-alive connection was closed by the server") { server.connectionCount == 0 }
            }
        }
    }

    @Test func bothListenersServeTheSameMock() async throws {
        let mock = mock()
        try await withHTTPSServer(mock) { server in
            #expect(try server.port != server.httpsPort)
            try await withClient(trusting: server.tlsIdentity) { client in
                let plain = try await client.send(server.baseURL.appendingPathComponent("users/42"))
                let secure = try await client.send(server.httpsBaseURL.appendingPathComponent("users/42"))
                #expect(plain.version == HTTPVersion.http1_1)
                #expect(secure.version == HTTPVersion.http2)
            }
        }
        #expect(mock.requests().map(\.scheme).sorted() == ["http", "https"])
        // The journal says which HTTP version each came over, as WireMock's LoggedRequest `protocol`.
        #expect(mock.requests().sorted { $0.scheme < $1.scheme }.map(\.protocolVersion) == ["HTTP/1.1", "HTTP/2.0"])
    }

    @Test func httpsOnlyServerHasNoPlainBaseURL() async throws {
        try await withHTTPSServer(mock(), configure: { $0.httpEnabled = false }) { server in
            #expect(throws: MockServerError.notListening(scheme: "http")) { try server.baseURL }
            #expect(try server.launchEnvironment["UNDERSTUDY_BASE_URL"] == server.httpsBaseURL.absoluteString)
            try await withClient(trusting: server.tlsIdentity) { client in
                let response = try await client.send(server.httpsBaseURL.appendingPathComponent("users/42"))
                #expect(response.status == 200)
            }
        }
    }

    @Test func aPlainServerHasNoHTTPSBaseURL() async throws {
        try await withMockServer(mock()) { server in
            #expect(throws: MockServerError.notListening(scheme: "https")) { try server.httpsBaseURL }
            #expect(throws: MockServerError.notListening(scheme: "https")) { try server.tlsIdentity }
        }
    }

    @Test func aServerWithNoListenerRefusesToStart() async throws {
        var configuration = MockServerConfiguration()
        configuration.httpEnabled = false
        let server = MockServer(mock: HTTPMock(), configuration: configuration)
        await #expect(throws: MockServerError.noListener) { try await server.start() }
        #expect(MockServerError.noListener.description.contains("configuration.https"))
    }

    @Test func aClientThatDoesNotTrustTheAuthorityIsRefused() async throws {
        try await withHTTPSServer(mock()) { server in
            // The default configuration trusts the system's roots only.
            let client = HTTPClient(eventLoopGroupProvider: .singleton)
            defer { _ = client.shutdown() }
            await #expect {
                try await client.send(server.httpsBaseURL.appendingPathComponent("users/42"))
            } throws: { "\($0)".contains("CERTIFICATE_VERIFY_FAILED") }
        }
    }

    @Test func aClientOfAnotherAuthorityIsRefused() async throws {
        try await withHTTPSServer(mock()) { server in
            let other = try TLSIdentity.generated()
            try await withClient(trusting: other) { client in
                await #expect {
                    try await client.send(server.httpsBaseURL.appendingPathComponent("users/42"))
                } throws: { "\($0)".contains("CERTIFICATE_VERIFY_FAILED") }
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func plainHTTPToTheTLSPortGetsACleanCloseNotAHang() async throws {
        try await withHTTPSServer(mock()) { server in
            let raw = try await exchangeRaw("GET /users/42 HTTP/1.1\r\nHost: x\r\n\r\n", port: server.httpsPort)
            #expect(!raw.closedByClient, "the server closed the connection itself")
        }
    }

    @Test func aClientThatNeverHandshakesIsClosedAfterTheHeadTimeout() async throws {
        try await withHTTPSServer(mock(), configure: { $0.headerReadTimeout = .milliseconds(200) }) { server in
            let raw = try await exchangeRaw("", port: server.httpsPort)
            #expect(!raw.closedByClient, "the server closed the silent connection itself")
        }
    }

    @Test func theAdminAPIServesTheCertificateAuthority() async throws {
        try await withHTTPSServer(mock()) { server in
            let identity = try server.tlsIdentity
            try await withClient(trusting: identity) { client in
                // WireMock's GetCaCertTask (admin/tasks/GetCaCertTask.java): PEM, application/x-pem-file.
                for base in [try server.baseURL, try server.httpsBaseURL] {
                    let response = try await client.send(base.appendingPathComponent("__admin/certs/wiremock-ca.crt"))
                    #expect(response.status == 200)
                    #expect(response.headers["content-type"] == ["application/x-pem-file"])
                    #expect(response.body == identity.certificateAuthorityPEM)
                }
            }
        }
    }

    @Test func aPlainServerAnswers404ForTheCertificateAuthority() async throws {
        try await withMockServer(mock()) { server in
            let client = HTTPClient(eventLoopGroupProvider: .singleton)
            defer { _ = client.shutdown() }
            let response = try await client.send(server.baseURL.appendingPathComponent("__admin/certs/wiremock-ca.crt"))
            #expect(response.status == 404)
            #expect(response.body.contains("HTTPSConfiguration"))
        }
    }

    @Test func theAuthorityPEMServedIsTheIdentitysDER() throws {
        let identity = try TLSIdentity.generated()
        let pem = try #require(identity.certificateAuthorityPEM)
        let base64 = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        #expect(Data(base64Encoded: base64) == identity.certificateAuthorityDER)
    }
}
