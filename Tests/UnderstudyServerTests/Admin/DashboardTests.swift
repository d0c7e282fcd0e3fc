import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOPosix
import Testing
import Understudy
@testable import UnderstudyServer
import UnderstudyMessaging

/// The dashboard: its page, the token in front of it, its live feed, its state and the stubs it
/// suggests for unmatched requests.
struct DashboardTests {
    // MARK: The page

    @Test func thePageIsServedWholeWithNothingFromElsewhere() async throws {
        try await withMockServer(HTTPMock()) { server in
            let response = try await send(server.url.appendingPathComponent("__admin/dashboard"))
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            #expect(response.header("Content-Security-Policy")?.contains("connect-src 'self'") == true)
            #expect(response.body.hasPrefix("<!doctype html>"))
            #expect(response.body.contains("<script>") && response.body.contains("<style>"))
            #expect(!response.body.lowercased().contains("http://") && !response.body.lowercased().contains("https://"),
                    "the page must not load anything from elsewhere")
            #expect(!response.body.contains("src=") && !response.body.contains("<link"), "no external script, image or stylesheet")
        }
    }

    @Test func theTokenGuardsThePageAndTheQueryTokenOpensThePageOnly() async throws {
        let token = "s3cret-token"
        try await withMockServer(HTTPMock(), configuration: MockServerConfiguration(adminToken: token)) { server in
            let page = server.url.appendingPathComponent("__admin/dashboard")
            let none = try await send(page)
            #expect(none.status == 401)
            #expect(none.header("Content-Type") == "text/html; charset=utf-8")
            #expect(none.body.contains("<input id=\"token\" name=\"token\" type=\"password\""))
            let wrong = try await send(URL(string: page.absoluteString + "?token=guess")!)
            #expect(wrong.status == 401)
            #expect(wrong.body.contains("That token is not the server's."))
            let right = try await send(URL(string: page.absoluteString + "?token=" + token)!)
            #expect(right.status == 200)
            #expect(right.body.contains("<title>Understudy dashboard</title>"))
            let header = try await send(page, headers: [("Authorization", "Bearer " + token)])
            #expect(header.status == 200)

            // Everything else still needs the header: the query opens the page, nothing more.
            let state = server.url.appendingPathComponent("__admin/dashboard/state")
            #expect(try await send(URL(string: state.absoluteString + "?token=" + token)!).status == 401)
            let events = server.url.appendingPathComponent("__admin/dashboard/events")
            #expect(try await send(URL(string: events.absoluteString + "?token=" + token)!).status == 401)
            #expect(try await send(state, headers: [("Authorization", "Bearer " + token)]).status == 200)
        }
    }

    // MARK: The feed

    @Test(.timeLimit(.minutes(1)))
    func theFeedSendsEachServedRequestLive() async throws {
        let mock = HTTPMock()
        mock.stub(StubMapping(name: "hello", .get(urlPath: "/hello"), .ok.json(["hello": "world"])))
        mock.stub(StubMapping(name: "broken", .get(urlPath: "/broken"), ResponseDefinition(status: 200, fault: .connectionResetByPeer)))
        _ = try await withMockServer(mock) { server in
            // A request served before the dashboard opened comes first, from the journal.
            #expect(try await send(server.url.appendingPathComponent("hello")).status == 200)
            var feed = try await EventStreamReader(server.url.appendingPathComponent("__admin/dashboard/events"))
            #expect(feed.contentType == "text/event-stream; charset=utf-8")
            let earlier = try await feed.nextRequest()
            #expect(earlier["request"]?["url"] == "/hello")
            #expect(earlier["timing"] == nil, "the journal does not keep the time taken")

            let matched = try await send(server.url.appendingPathComponent("hello"), headers: [("Understudy-Namespace", "team-a")])
            #expect(matched.status == 200)
            let live = try await feed.nextRequest()
            #expect(live["request"]?["method"] == "GET")
            #expect(live["request"]?["url"] == "/hello")
            #expect(live["response"]?["status"] == 200)
            #expect(live["response"]?["bodyAsBase64"] == nil)
            #expect(live["stubMapping"]?["name"] == "hello")
            #expect(live["wasMatched"] == true)
            #expect(live["namespace"] == "team-a")
            #expect((live["timing"]?["totalTime"]?.doubleValue ?? -1) >= 0)
            #expect(live["nearMisses"] == nil)

            let unmatched = try await send(server.url.appendingPathComponent("helo"))
            #expect(unmatched.status == 404)
            let miss = try await feed.nextRequest()
            #expect(miss["request"]?["url"] == "/helo")
            #expect(miss["wasMatched"] == false)
            #expect(miss["nearMisses"]?.arrayValue?.first?["stubName"] == "hello")
            #expect(miss["nearMissReport"]?.stringValue?.contains("/hello") == true)

            _ = try? await send(server.url.appendingPathComponent("broken"))
            let fault = try await feed.nextRequest()
            #expect(fault["request"]?["url"] == "/broken")
            #expect(fault["response"]?["fault"] == "CONNECTION_RESET_BY_PEER")

            #expect(server.dashboardWatcherCount == 1)
            await feed.close()
            // The server notices the dashboard left and forgets it.
            let deadline = ContinuousClock.now + .seconds(20)
            while server.dashboardWatcherCount > 0, ContinuousClock.now < deadline { await Task.yield() }
            #expect(server.dashboardWatcherCount == 0)
        }
    }

    @Test func aConnectionThatCannotTakeMoreLosesTheOldestRequestsAndIsToldHowManyAndAnIdleOneHearsAHeartbeat() throws {
        let mock = HTTPMock()
        let state = AdminState()
        let context = ServerContext(mock: mock, configuration: MockServerConfiguration(),
                                    upstream: UpstreamClient(group: MultiThreadedEventLoopGroup.singleton, timeout: .seconds(1)),
                                    adminState: state) {}
        let channel = EmbeddedChannel()
        try ConnectionPipeline.install(on: channel, context: context)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        try channel.writeInbound(ByteBuffer(string: "GET /__admin/dashboard/events HTTP/1.1\r\nHost: x\r\n\r\n"))
        let opening = try Self.written(by: channel)
        #expect(opening.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(opening.contains(DashboardMessage.opening))
        #expect(state.dashboardFeed.watcherCount == 1)

        // The browser reads nothing: the socket's buffer is full.
        channel.isWritable = false
        let limit = DashboardInbox.defaultLimit
        for number in 1...(limit + 44) {
            state.dashboardFeed.publish(mock.serve(recorded(.get, "/r\(number)")), duration: nil, mock: mock)
        }
        channel.embeddedEventLoop.run()
        #expect(try Self.written(by: channel).isEmpty, "nothing is written while the connection cannot take it")

        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        let caughtUp = try Self.written(by: channel)
        #expect(caughtUp.contains("event: dropped\ndata: {\"count\":44}\n\n"))
        #expect(!caughtUp.contains(#""url":"/r44""#))
        #expect(caughtUp.contains(#""url":"/r45""#) && caughtUp.contains(#""url":"/r\#(limit + 44)""#))
        #expect(caughtUp.components(separatedBy: "event: request\n").count - 1 == limit)

        // An idle feed says it is alive.
        channel.embeddedEventLoop.advanceTime(by: DashboardStream.heartbeatInterval)
        #expect(try Self.written(by: channel).contains(DashboardMessage.heartbeat))

        // The browser goes away: the feed forgets it.
        _ = try? channel.finish()
        #expect(state.dashboardFeed.watcherCount == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func shutdownEndsAnOpenFeedInsteadOfWaitingForIt() async throws {
        // Past the grace period the server cuts what is still open, mid-body; a feed the server
        // ends itself ends as a response should (the stream's end, then the close).
        var configuration = MockServerConfiguration()
        configuration.shutdownGracePeriod = .seconds(2)
        let server = MockServer(mock: HTTPMock(), configuration: configuration)
        try await server.start()
        var feed = try await EventStreamReader(try server.baseURL.appendingPathComponent("__admin/dashboard/events"))
        #expect(server.dashboardWatcherCount == 1)
        try await server.shutdown()
        #expect(server.dashboardWatcherCount == 0)
        await #expect(throws: EventStreamReader.EndOfStream.self) { _ = try await feed.next() }
        await feed.close()
    }

    /// Everything the connection wrote since the last call, as text.
    private static func written(by channel: EmbeddedChannel) throws -> String {
        var text = ""
        while let part = try channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: part) }
        return text
    }

    @Test func aSlowDashboardLosesItsOldestMessagesAndIsTold() {
        let wakes = NIOLockedValueBox(0)
        let inbox = DashboardInbox(limit: 3) { wakes.withLockedValue { $0 += 1 } }
        for number in 1...5 { inbox.post("m\(number)") }
        #expect(wakes.withLockedValue { $0 } == 1, "one wake until the stream takes the messages")
        let taken = inbox.take()
        #expect(taken.messages == ["m3", "m4", "m5"])
        #expect(taken.dropped == 2)
        inbox.post("m6")
        #expect(wakes.withLockedValue { $0 } == 2)
        #expect(inbox.take().dropped == 0)
        #expect(DashboardMessage.dropped(2) == "event: dropped\ndata: {\"count\":2}\n\n")
    }

    @Test func theFeedSendsToEachWatcherUntilRemoved() throws {
        let feed = DashboardFeed()
        #expect(!feed.isWatched)
        let inbox = DashboardInbox { }
        let mock = HTTPMock()
        feed.add(inbox, listeningTo: mock)
        #expect(feed.isWatched)
        let event = mock.serve(recorded(.get, "/x"))
        feed.publish(event, duration: .milliseconds(3), mock: mock)
        let messages = inbox.take().messages
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("id: \(event.id.uuidString.lowercased())\nevent: request\ndata: {") == true)
        #expect(messages.first?.contains(#""timing":{"totalTime":3}"#) == true)
        feed.remove(inbox)
        #expect(!feed.isWatched)
        feed.publish(event, duration: nil, mock: mock)
        #expect(inbox.take().messages.isEmpty)
    }

    // MARK: State and stub suggestions

    @Test func theStateListsStubsWithHitsScenariosAndNamespaces() throws {
        let admin = AdminHarness()
        let hello = StubMapping(name: "hello", .get(urlPath: "/hello"), .ok)
        admin.mock.stub(hello)
        var scoped = StubMapping(.get(urlPath: "/scoped"), .ok)
        scoped.namespace = "team-b"
        scoped.scenarioName = "flow"
        admin.mock.stub(scoped)
        _ = admin.mock.serve(recorded(.get, "/hello"))
        _ = admin.mock.serve(recorded(.get, "/hello", headers: ["Understudy-Namespace": "team-a"]))
        let state = admin.call(.get, "/dashboard/state").bodyJSON
        let stubs = try #require(state["stubs"]?.arrayValue)
        let listed = try #require(stubs.first { $0["name"] == "hello" })
        #expect(listed["hits"] == 2)
        #expect(listed["request"] == ["method": "GET", "urlPath": "/hello"])
        #expect(stubs.first { $0["namespace"] == "team-b" }?["scenarioName"] == "flow")
        #expect(state["namespaces"] == ["team-a", "team-b"])
        #expect(state["scenarios"]?.arrayValue?.first?["name"] == "flow")
        #expect(state["scenarios"]?.arrayValue?.first?["state"] == "Started")
    }

    @Test func aSuggestedStubLoadsAndAnswersTheRequestItWasMadeFrom() throws {
        let admin = AdminHarness()
        let request = recorded(.get, "/users/42?expand=teams&lang=en&lang=fr")
        #expect(admin.mock.serve(request).response.status == 404)
        let answer = admin.call(.get, "/dashboard/stub-suggestion/\(request.id.uuidString)")
        #expect(answer.status == 200)
        let suggestion = answer.bodyJSON
        let mapping = try #require(suggestion["mapping"])
        #expect(mapping["id"] == nil)
        #expect(mapping["request"] == ["method": "GET", "urlPath": "/users/42",
                                       "queryParameters": ["expand": ["equalTo": "teams"], "lang": ["equalTo": "en"]]])
        #expect(suggestion["swift"] == #"mock.stub(.get(urlPath: "/users/42").queryParameter("expand", .equalTo("teams")).queryParameter("lang", .equalTo("en")), .ok.json([:]))"#)
        let stub = try WireMockMappings.decodeMapping(Data(mapping.jsonText().utf8))
        #expect(stub.request.matches(request))
        #expect(admin.call(.post, "/mappings", mapping.jsonText()).status == 201)
        #expect(admin.mock.serve(request).response.status == 200)

        // The Swift it offers is Swift that compiles.
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/users/42").queryParameter("expand", .equalTo("teams")).queryParameter("lang", .equalTo("en")), .ok.json([:]))
        #expect(mock.serve(request).response.status == 200)
    }

    @Test func aSuggestionForANamespacedRequestIsInItsNamespace() throws {
        let admin = AdminHarness()
        let request = recorded(.get, "/mine", headers: [Namespace.headerName: "team-a"])
        #expect(admin.mock.serve(request).response.status == 404)
        let mapping = try #require(admin.call(.get, "/dashboard/stub-suggestion/\(request.id.uuidString)").bodyJSON["mapping"])
        #expect(mapping["namespace"] == "team-a")
        #expect(admin.call(.post, "/mappings", mapping.jsonText()).status == 201)
        #expect(admin.mock.serve(request).response.status == 200)
        #expect(admin.mock.serve(recorded(.get, "/mine")).response.status == 404)
    }

    @Test(arguments: [
        ("POST", "/orders", #"mock.stub(.post(urlPath: "/orders"), .ok.json([:]))"#),
        ("OPTIONS", "/a", #"mock.stub(.options(urlPath: "/a"), .ok.json([:]))"#),
        ("PROPFIND", "/dav", #"mock.stub(.request("PROPFIND", .urlPath("/dav")), .ok.json([:]))"#),
        ("GET", "/q\"uote", #"mock.stub(.get(urlPath: "/q\"uote"), .ok.json([:]))"#),
    ])
    func theSwiftNamesTheMethod(method: String, path: String, swift: String) {
        let request = RecordedRequest(method: HTTPMethod(rawValue: method), url: path)
        #expect(DashboardStubSuggestion(for: request).swift == swift)
    }

    @Test func aSuggestionForAnUnknownRequestIsA404() {
        let admin = AdminHarness()
        #expect(admin.call(.get, "/dashboard/stub-suggestion/\(UUID().uuidString)").status == 404)
        #expect(admin.call(.get, "/dashboard/stub-suggestion/nope").status == 400)
    }

    @Test func inProcessTheFeedIsTheJournalSoFar() {
        let admin = AdminHarness()
        _ = admin.mock.serve(recorded(.get, "/one"))
        let answer = admin.call(.get, "/dashboard/events")
        #expect(answer.headers["Content-Type"] == "text/event-stream; charset=utf-8")
        #expect(answer.bodyText.hasPrefix(DashboardMessage.opening))
        #expect(answer.bodyText.contains("event: request\ndata: {"))
        #expect(answer.bodyText.contains(#""url":"/one""#))
    }
}

/// Reads a `text/event-stream` answer with AsyncHTTPClient, one event at a time.
private struct EventStreamReader {
    private var iterator: HTTPClientResponse.Body.AsyncIterator
    private var buffer = ""
    private let client: HTTPClient
    let contentType: String?

    init(_ url: URL) async throws {
        let request = HTTPClientRequest(url: url.absoluteString)
        // A client of its own, so that closing the feed closes its connection.
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let response = try await client.execute(request, timeout: .seconds(30))
        self.client = client
        self.contentType = response.headers.first(name: "Content-Type")
        self.iterator = response.body.makeAsyncIterator()
    }

    /// The next event's name and data; comments are skipped.
    mutating func next() async throws -> (event: String, data: String) {
        while true {
            while let end = buffer.range(of: "\n\n") {
                let block = buffer[..<end.lowerBound]
                buffer.removeSubrange(..<end.upperBound)
                var event = "message", data: [String] = []
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
                }
                if !data.isEmpty { return (event, data.joined(separator: "\n")) }
            }
            guard let chunk = try await iterator.next() else { throw EndOfStream() }
            buffer += String(buffer: chunk)
        }
    }

    /// The next `request` event's data as JSON.
    mutating func nextRequest() async throws -> JSONValue {
        while true {
            let (event, data) = try await next()
            if event == "request" { return try JSONParser.parse(data) }
        }
    }

    /// Closes the connection.
    func close() async { try? await client.shutdown() }

    struct EndOfStream: Error {}
}
