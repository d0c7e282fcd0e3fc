import Foundation
import NIOCore
import Testing
import Understudy
@testable import UnderstudyServer
import UnderstudyTestSupport

struct MockServerTests {
    @Test func servesStubsWithMatchedStubID() async throws {
        let mock = HTTPMock()
        let stub = mock.stub(.get(urlPath: "/users/42").header("Accept", .contains("json")),
                             .ok.json(["id": 42, "name": "Ada"]), name: "Get user")
        try await withMockServer(mock) { server in
            #expect(try server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
            let response = try await send(server.baseURL.appendingPathComponent("users/42"), headers: [("Accept", "application/json")])
            #expect(response.status == 200)
            #expect(response.body == #"{"id":42,"name":"Ada"}"#)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.header("Matched-Stub-Id") == stub.id.uuidString.lowercased())
            #expect(response.header("Matched-Stub-Name") == "Get user")
        }
        let logged = try #require(mock.serveEvents.first)
        #expect(logged.request.method == .get)
        #expect(logged.request.path == "/users/42")
        #expect(logged.request.host == "127.0.0.1")
        #expect(logged.request.clientAddress.hasPrefix("127.0.0.1:"))
    }

    @Test func unmatchedRequestGetsNearMissReport() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/users/42"), .ok)
        try await withMockServer(mock) { server in
            let response = try await send(server.baseURL.appendingPathComponent("users/43"))
            #expect(response.status == 404)
            #expect(response.body.hasPrefix("No stub matched GET /users/43\n"))
            #expect(response.body.contains(#"✗ urlPath: expected "/users/42", got "/users/43""#))
            #expect(response.header("Matched-Stub-Id") == nil)
        }
    }

    @Test func urlSessionIsAClientToo() async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/echo").body(.equalToJson(["a": 1])), .created.body("made"))
        try await withMockServer(mock) { server in
            let (status, data) = try await sendWithURLSession(server.baseURL.appendingPathComponent("echo"), method: "POST", body: Data(#"{"a": 1.0}"#.utf8))
            #expect(status == 201)
            #expect(String(decoding: data, as: UTF8.self) == "made")
        }
    }

    @Test func headAnswersWithoutBody() async throws {
        let mock = HTTPMock()
        mock.stub(.any(urlPath: "/doc"), .ok.body("twelve bytes"))
        try await withMockServer(mock) { server in
            let raw = try await exchangeRaw("HEAD /doc HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)
            #expect(raw.received.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(raw.received.contains("Content-Length: 12\r\n"))
            #expect(raw.received.hasSuffix("\r\n\r\n"))
        }
    }

    @Test func keepAliveAndPipelinedRequestsAnswerInOrder() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/slow"), .ok.body("first").delayed(by: .milliseconds(100)))
        mock.stub(.get(urlPath: "/fast"), .ok.body("second"))
        try await withMockServer(mock) { server in
            let raw = try await exchangeRaw(
                "GET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /fast HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)
            let first = try #require(raw.received.range(of: "first"))
            let second = try #require(raw.received.range(of: "second"))
            #expect(first.lowerBound < second.lowerBound)
            #expect(raw.received.components(separatedBy: "HTTP/1.1 200 OK").count == 3)
        }
        #expect(mock.serveEvents.count == 2)
    }

    /// A connection that asks for the same static stub again is sent the head and body made
    /// for it the first time (`ResponseWriter`'s reusable answer). A `HEAD`, an HTTP/1.0 request
    /// and another stub on the same connection each get their own answer, not the kept one.
    @Test func aConnectionSendsAKeptAnswerOnlyForTheSameStub() async throws {
        let mock = HTTPMock()
        mock.stub(StubMapping(.any(urlPath: "/doc"), .ok.body("second")).inScenario("flow", whenState: "Started"))
        mock.stub(StubMapping(.get(urlPath: "/doc"), .ok.body("third stub")).inScenario("flow", whenState: "Third"))
        mock.stub(StubMapping(.post(urlPath: "/next"), .ok).inScenario("flow", willSetState: "Third"))
        try await withMockServer(mock) { server in
            let raw = try await exchangeRaw(
                "GET /doc HTTP/1.1\r\nHost: x\r\n\r\n" + "HEAD /doc HTTP/1.1\r\nHost: x\r\n\r\n"
                    + "GET /doc HTTP/1.0\r\nHost: x\r\nConnection: keep-alive\r\n\r\n" + "POST /next HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n"
                    + "GET /doc HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)
            let answers = raw.received.components(separatedBy: "HTTP/1.").dropFirst().map { "HTTP/1." + $0 }
            try #require(answers.count == 5, "\(raw.received)")
            #expect(answers[0].hasPrefix("HTTP/1.1 200 OK\r\n") && answers[0].hasSuffix("\r\n\r\nsecond"))
            #expect(answers[1].contains("Content-Length: 6\r\n") && answers[1].hasSuffix("\r\n\r\n"))
            #expect(answers[2].hasPrefix("HTTP/1.0 200 OK\r\n") && answers[2].hasSuffix("\r\n\r\nsecond"))
            #expect(answers[4].hasPrefix("HTTP/1.1 200 OK\r\n") && answers[4].contains("Connection: close\r\n"))
            #expect(answers[4].hasSuffix("\r\n\r\nthird stub"))
        }
        #expect(mock.serveEvents.count == 5)
    }

    @Test func chunkedRequestBodiesAreReassembled() async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/upload").body(.equalTo("hello world")), .ok.body("got it"))
        try await withMockServer(mock) { server in
            let raw = try await exchangeRaw(
                "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n",
                port: server.port)
            #expect(raw.received.hasPrefix("HTTP/1.1 200 OK"))
            #expect(raw.received.hasSuffix("got it"))
        }
    }

    @Test func expectContinueGets100First() async throws {
        let mock = HTTPMock()
        mock.stub(.put(urlPath: "/big"), .noContent)
        try await withMockServer(mock) { server in
            let raw = try await exchangeRaw(
                "PUT /big HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc", port: server.port)
            #expect(raw.received.hasPrefix("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n"))
        }
    }

    @Test func oversizedBodiesGet413AndNothingIsLost() async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/upload"), .ok)
        let configuration = MockServerConfiguration(maxRequestBodyBytes: 1_000)
        try await withMockServer(mock, configuration: configuration) { server in
            let declared = try await exchangeRaw(
                "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n", port: server.port)
            #expect(declared.received.hasPrefix("HTTP/1.1 413 Payload Too Large\r\n"))
            #expect(declared.received.hasSuffix("Request body of 5000 bytes is over the limit of 1000 bytes.\n"))
            let chunked = try await exchangeRaw(
                "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n7d0\r\n\(String(repeating: "x", count: 2_000))\r\n0\r\n\r\n",
                port: server.port)
            #expect(chunked.received.hasPrefix("HTTP/1.1 413 Payload Too Large\r\n"))
            // The server still serves others afterwards.
            #expect(try await send(server.baseURL.appendingPathComponent("upload"), method: "POST", body: "small").status == 200)
        }
        #expect(mock.stubMappings.count == 1)
    }

    @Test func fixedAndRandomDelaysDoNotBlockOtherRequests() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/held"), .ok.delayed(by: .seconds(3_600)))
        mock.stub(.get(urlPath: "/fixed"), .ok.delayed(by: .milliseconds(300)))
        mock.stub(.get(urlPath: "/random"), .ok.delayed(by: .uniform(lower: 150, upper: 200)))
        mock.stub(.get(urlPath: "/fast"), .ok)
        try await withMockServer(mock, configuration: MockServerConfiguration(shutdownGracePeriod: .milliseconds(100))) { server in
            let held = Task { try await send(server.baseURL.appendingPathComponent("held")) }
            // The held request is being answered: journaled, its hour-long delay running...
            try await mock.waitForRequests(matching: .get(urlPath: "/held"))
            // ...and others are answered meanwhile; blocked behind it they would wait an hour.
            #expect(try await send(server.baseURL.appendingPathComponent("fast")).status == 200)
            let clock = ContinuousClock()
            let fixed = try await clock.measure { _ = try await send(server.baseURL.appendingPathComponent("fixed")) }
            let random = try await clock.measure { _ = try await send(server.baseURL.appendingPathComponent("random")) }
            #expect(fixed >= .milliseconds(300))
            #expect(random >= .milliseconds(150))
            held.cancel()
        }
    }

    @Test func dribbledBodyArrivesWholeAfterTheDuration() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/drip"), .ok.body("0123456789").dribbled(chunks: 5, over: .milliseconds(300)))
        try await withMockServer(mock) { server in
            let clock = ContinuousClock()
            var response: TestResponse?
            let elapsed = try await clock.measure { response = try await send(server.baseURL.appendingPathComponent("drip")) }
            #expect(response?.body == "0123456789")
            #expect(elapsed >= .milliseconds(200))
        }
    }

    @Test func bodyFilesComeFromTheRoot() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-server-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("__files"), withIntermediateDirectories: true)
        try Data("from disk".utf8).write(to: folder.appendingPathComponent("__files/a.txt"))
        let mock = HTTPMock(configuration: .init(root: MappingsRoot(folder)))
        mock.stub(.get(urlPath: "/file"), .ok.bodyFile("a.txt"))
        mock.stub(.get(urlPath: "/escape"), .ok.bodyFile("../secret"))
        try await withMockServer(mock) { server in
            #expect(try await send(server.baseURL.appendingPathComponent("file")).body == "from disk")
            let escape = try await send(server.baseURL.appendingPathComponent("escape"))
            #expect(escape.status == 500)
            #expect(escape.body.contains(#"bodyFileName "../secret" must be a relative path inside __files without "..""#))
        }
    }

    @Test func customStatusMessageAndMultiValuedHeaders() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/teapot"), ResponseDefinition(status: 418, statusMessage: "Short and stout",
                                                                 headers: HTTPHeaders([("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")])))
        try await withMockServer(mock) { server in
            let raw = try await exchangeRaw("GET /teapot HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)
            #expect(raw.received.hasPrefix("HTTP/1.1 418 Short and stout\r\n"))
            #expect(raw.received.contains("Set-Cookie: a=1\r\nSet-Cookie: b=2\r\n"))
        }
    }

    @Test func serversRunInParallelWithoutSharingStubs() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let mock = HTTPMock()
                    mock.stub(.get(urlPath: "/who"), .ok.body("server \(index)"))
                    try await withMockServer(mock) { server in
                        for _ in 0..<5 {
                            let body = try await send(server.baseURL.appendingPathComponent("who")).body
                            #expect(body == "server \(index)")
                        }
                    }
                    #expect(mock.serveEvents.count == 5)
                }
            }
            try await group.waitForAll()
        }
    }
}

struct ClientBehaviourTests {
    @Test func anyMethodIsServed() async throws {
        let mock = HTTPMock()
        mock.stub(.request("PROPFIND", .urlPath("/dav")), .status(207))
        try await withMockServer(mock) { server in
            let raw = try await exchangeRaw("PROPFIND /dav HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)
            #expect(raw.received.hasPrefix("HTTP/1.1 207 Multi-Status\r\n"))
        }
    }

    @Test func clientVanishingMidRequestOrMidResponseHarmsNoOne() async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/upload"), .ok)
        mock.stub(.get(urlPath: "/slow"), .ok.body(String(repeating: "x", count: 100_000)).dribbled(chunks: 10, over: .milliseconds(300)))
        mock.stub(.get(urlPath: "/a"), .ok.body("a"))
        try await withMockServer(mock) { server in
            // Half a body, then gone.
            _ = try await exchangeRaw("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nhalf", port: server.port, timeout: .milliseconds(50))
            // Reads the start of a dribbled response, then gone.
            _ = try await exchangeRaw("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port, timeout: .milliseconds(100))
            #expect(try await send(server.baseURL.appendingPathComponent("a")).body == "a")
            try await waitUntil("the vanished clients' connections are closed") { server.connectionCount <= 1 }
        }
    }
}

/// `MockServerConfiguration.requestObserver`, what `understudy serve`'s console log hangs on.
struct RequestObserverTests {
    @Test(.timeLimit(.minutes(1)))
    func everyAnsweredRequestIsReportedOnceWithItsJournalEntryButAdminCallsAndOtherTransportsAreNot() async throws {
        let mock = HTTPMock()
        mock.stub(StubMapping(name: "Hello", .get(urlPath: "/hello"), .ok.body("hi")))
        let (reports, report) = AsyncStream<(ServeEvent, Duration)>.makeStream()
        let configuration = MockServerConfiguration(requestObserver: { report.yield(($0, $1)) })
        try await withMockServer(mock, configuration: configuration) { server in
            let base = try server.baseURL
            #expect(try await send(base.appendingPathComponent("hello")).body == "hi")
            #expect(try await send(base.appendingPathComponent("__admin/mappings")).status == 200)
            // The same mock, served by another server: not this server's request.
            try await withMockServer(mock) { other in
                let otherBase = try other.baseURL
                #expect(try await send(otherBase.appendingPathComponent("hello")).body == "hi")
            }
            #expect(try await send(base.appendingPathComponent("missing")).status == 404)
        }
        #expect(!mock.hasCompletionListeners, "the observer stops listening when its server stops")
        report.finish()
        var seen: [(ServeEvent, Duration)] = []
        for await entry in reports { seen.append(entry) }
        #expect(seen.map(\.0.request.path) == ["/hello", "/missing"])
        let journal = mock.serveEvents.map(\.id)
        #expect(journal.count == 3)
        #expect(seen.map(\.0.id) == [journal[0], journal[2]])
        #expect(seen[0].0.stub?.name == "Hello")
        #expect(seen[1].0.response.status == 404)
        #expect(seen.allSatisfy { $0.1 >= .zero })
    }

    @Test(.timeLimit(.minutes(1)))
    func aProxiedRequestIsReportedWithUpstreamsAnswer() async throws {
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/teapot"), .status(418))
        try await withMockServer(upstream) { upstreamServer in
            let front = HTTPMock()
            front.stub(.anyRequest, .proxy(to: try upstreamServer.baseURL.absoluteString))
            let (reports, report) = AsyncStream<ServeEvent>.makeStream()
            try await withMockServer(front, configuration: MockServerConfiguration(requestObserver: { event, _ in report.yield(event) })) { server in
                let base = try server.baseURL
                #expect(try await send(base.appendingPathComponent("teapot")).status == 418)
            }
            report.finish()
            var statuses: [Int] = []
            for await event in reports { statuses.append(event.response.status) }
            #expect(statuses == [418])
        }
    }
}
