import Foundation
import Testing
import Understudy
@testable import UnderstudyCLI
import UnderstudySupport
import UnderstudyMessaging
import UnderstudyNetworkProfiles

/// The line `understudy serve` prints per request, plain and coloured, short and verbose.
struct RequestLogFormatterTests {
    private static let noon = Date(timeIntervalSince1970: 1_700_000_000.25)

    private func mock() -> HTTPMock {
        let mock = HTTPMock()
        mock.stub(StubMapping(name: "Get user", .get(urlPath: "/users/42"), .ok.header("Content-Type", "application/json").body(#"{"id":42}"#)))
        mock.stub(StubMapping(id: UUID(uuidString: "3F2A9C01-0000-4000-8000-000000000000")!, .get(urlPath: "/health"), .ok))
        return mock
    }

    private func served(_ mock: HTTPMock, _ url: String, headers: HTTPHeaders = [:], body: String = "") -> ServeEvent {
        mock.serve(RecordedRequest(method: .get, url: url, headers: headers, body: Data(body.utf8), timestamp: Self.noon))
    }

    @Test func aMatchNamesTheStubTheStatusAndTheTime() {
        let event = served(mock(), "/users/42")
        let line = RequestLogFormatter(style: .plain, verbose: false).format(event, ending: .complete(status: event.status), elapsed: .microseconds(1_340), nearest: nil)
        #expect(line == "\(RequestLogFormatter.clock(Self.noon)) GET /users/42 → 200 \"Get user\" 1.3 ms\n")
        #expect(RequestLogFormatter.clock(Self.noon).hasSuffix(".250"))
    }

    @Test func theClockIsLocalTimeWithZerosAndTheTimeHasOneDecimal() {
        var parts = tm()
        parts.tm_year = 2026 - 1900
        parts.tm_mon = 10
        parts.tm_mday = 28
        parts.tm_hour = 1
        parts.tm_min = 2
        parts.tm_sec = 3
        parts.tm_isdst = -1
        let early = Date(timeIntervalSince1970: TimeInterval(mktime(&parts)) + 0.004)
        #expect(RequestLogFormatter.clock(early) == "01:02:03.004")
        #expect(RequestLogFormatter.milliseconds(.zero) == "0.0 ms")
        #expect(RequestLogFormatter.milliseconds(.microseconds(1_340)) == "1.3 ms")
        #expect(RequestLogFormatter.milliseconds(.microseconds(1_360)) == "1.4 ms")
        #expect(RequestLogFormatter.milliseconds(.microseconds(999_960)) == "1000 ms")
        #expect(RequestLogFormatter.milliseconds(.milliseconds(1_204)) == "1204 ms")
    }

    /// The client got a fault, not the 200 its stub's response would otherwise have had.
    @Test func aFaultIsLoggedAsTheFault() {
        let mock = HTTPMock()
        mock.stub(StubMapping(name: "Flaky", .get(urlPath: "/flaky"), .fault(.connectionResetByPeer)))
        let completion = answered(mock, "/flaky", elapsed: .microseconds(200))
        #expect(AnswerEnding(completion) == .fault(.connectionResetByPeer))
        let line = RequestLogFormatter(style: .plain, verbose: false).format(completion.event, ending: AnswerEnding(completion),
                                                                             elapsed: completion.elapsed, nearest: nil)
        #expect(line.hasSuffix(#"GET /flaky → CONNECTION_RESET_BY_PEER "Flaky" 0.2 ms"# + "\n"))
    }

    /// UnderstudyGRPC hands a call over with the trailers it ended with among its answer's
    /// headers (UnderstudyGRPCTests' `theServeListenersHearTheStatusTheCallEndedWith`): the
    /// line shows the method's path and the gRPC status, not the stub's HTTP 200.
    @Test func aGRPCCallIsLoggedWithItsPathAndGRPCStatus() throws {
        let mock = HTTPMock()
        mock.stub(StubMapping(name: "SayHello fails", .post(urlPath: "/understudy.test.Greeter/SayHello"),
                              .ok.header("grpc-status-name", "FAILED_PRECONDITION")))
        var generator = SystemRandomNumberGenerator()
        for (code, shown) in [(9, "gRPC FAILED_PRECONDITION"), (0, "gRPC OK")] {
            var served = mock.respond(to: RecordedRequest(method: .post, url: "/understudy.test.Greeter/SayHello", timestamp: Self.noon),
                                      using: &generator)
            guard case .respond(var head, let body) = served.plan.action else { Issue.record("not an answer"); return }
            head.headers.replaceOrAdd(name: "grpc-status", value: String(code))
            served.plan.action = .respond(head, body)
            let completion = ServeCompletion(event: served.event, plan: served.plan, elapsed: .microseconds(1_100), transport: .inProcess)
            #expect(AnswerEnding(completion) == .grpc(code: code))
            let line = RequestLogFormatter(style: .plain, verbose: false).format(completion.event, ending: AnswerEnding(completion),
                                                                                 elapsed: completion.elapsed, nearest: nil)
            #expect(line == "\(RequestLogFormatter.clock(Self.noon)) POST /understudy.test.Greeter/SayHello → \(shown) \"SayHello fails\" 1.1 ms\n")
        }
        // In colour, a status other than OK is an alert.
        let style = ConsoleStyle(colours: true)
        let failed = RequestLogFormatter(style: style, verbose: false)
            .format(mock.serveEvents[0], ending: .grpc(code: 14), elapsed: .zero, nearest: nil)
        #expect(failed.contains(style.alert("gRPC UNAVAILABLE")))
    }

    @Test func aStubWithoutANameIsShownByTheStartOfItsID() {
        let line = RequestLogFormatter(style: .plain, verbose: false).format(served(mock(), "/health"), ending: .complete(status: 200), elapsed: .milliseconds(1_204), nearest: nil)
        #expect(line.hasSuffix("GET /health → 200 stub 3f2a9c01 1204 ms\n"))
    }

    @Test func aMissNamesTheNearestStubAndItsFirstDifferingField() {
        let mock = mock()
        let event = served(mock, "/users/43")
        let nearest = mock.nearMisses(for: event.request).nearMisses.first
        let line = RequestLogFormatter(style: .plain, verbose: false).format(event, ending: .complete(status: event.status), elapsed: .microseconds(900), nearest: nearest)
        #expect(line.hasSuffix(#"GET /users/43 → 404 no match; nearest "Get user": urlPath expected "/users/42", got "/users/43" 0.9 ms"# + "\n"))
    }

    @Test func coloursMarkOnlyTheStatusTheMissAndTheSecondaryText() {
        let mock = mock()
        let style = ConsoleStyle(colours: true)
        let hit = RequestLogFormatter(style: style, verbose: false).format(served(mock, "/users/42"), ending: .complete(status: 200), elapsed: .zero, nearest: nil)
        #expect(hit.contains("\u{1B}[32m200\u{1B}[0m"))
        #expect(hit.contains("\u{1B}[2m0.0 ms\u{1B}[0m"))
        let miss = RequestLogFormatter(style: style, verbose: false).format(served(mock, "/nope"), ending: .complete(status: 404), elapsed: .zero, nearest: nil)
        #expect(miss.contains("\u{1B}[35m404\u{1B}[0m"))
        #expect(miss.contains("\u{1B}[1;31mno match\u{1B}[0m"))
        #expect(style.status(503) == "\u{1B}[31m503\u{1B}[0m")
        #expect(!hit.contains("\u{1B}[9"), "no bright colours, which vanish on one background or the other")
    }

    @Test func noColorOrAPipeMeansPlainText() {
        #expect(!ConsoleStyle.forStandardOutput(environment: ["NO_COLOR": "1"]).colours)
    }

    @Test func verboseAddsHeadersAndBodiesCutAtTheLimit() {
        let event = served(mock(), "/users/42", headers: ["Accept": "application/json"], body: String(repeating: "x", count: 30))
        var formatter = RequestLogFormatter(style: .plain, verbose: true)
        formatter.bodyLimit = 10
        let lines = formatter.format(event, ending: .complete(status: event.status), elapsed: .zero, nearest: nil).split(separator: "\n").map(String.init)
        #expect(Array(lines.dropFirst()) == [
            "  > Accept: application/json",
            "  > xxxxxxxxxx",
            "  > … 20 more bytes",
            "  < Content-Type: application/json",
            #"  < {"id":42}"#,
        ])
    }
}

/// The queue between the server's event loops and the console.
struct RequestLogTests {
    @Test func flushWritesEveryQueuedRequestOnceInOrderWithTheNearestStubForMisses() {
        let mock = HTTPMock()
        mock.stub(StubMapping(name: "Get user", .get(urlPath: "/users/42"), .ok))
        let written = Locked<[String]>([])
        let log = RequestLog(mock: mock, formatter: RequestLogFormatter(style: .plain, verbose: false)) { text in
            written.withLock { $0.append(text) }
        }
        mock.addServeListener(log)
        #expect(!log.flush(), "nothing queued, nothing written")
        answer(mock, "/users/42", elapsed: .milliseconds(2))
        answer(mock, "/users/43", elapsed: .milliseconds(1))
        #expect(log.flush())
        #expect(!log.flush(), "each request is written once")
        let lines = written.withLock { $0 }.joined().split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix(#"GET /users/42 → 200 "Get user" 2.0 ms"#))
        #expect(lines[1].hasSuffix(#"GET /users/43 → 404 no match; nearest "Get user": urlPath expected "/users/42", got "/users/43" 1.0 ms"#))
    }

    /// `serve` logs each WebSocket message: received ones with the stub that answered (or the
    /// nearest and why), sent ones with the stub that sent them, in the order they went.
    @Test func webSocketMessagesAreLoggedWithTheirStubOrTheNearestOne() {
        let mock = HTTPMock()
        mock.messages.stub(MessageStubMapping(
            name: "Echo", trigger: .message(channel: RequestPattern(method: .get, url: .urlPath("/chat")), message: MessagePattern(body: .equalTo("hello"))),
            actions: [MessageAction(send: .text("world"))]))
        let written = Locked<[String]>([])
        let log = RequestLog(mock: mock, formatter: RequestLogFormatter(style: .plain, verbose: false)) { text in
            written.withLock { $0.append(text) }
        }
        mock.addServeListener(log)
        mock.messages.observe { log.record($0) }
        let socket = mock.messages.open(RecordedRequest(method: .get, url: "/chat"), connection: SilentConnection())
        mock.messages.received(.text("hello"), on: socket)
        mock.messages.received(.text("helo"), on: socket)
        #expect(log.flush())
        let lines = written.withLock { $0 }.joined().split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasSuffix(#"ws /chat received "hello" → "Echo""#))
        #expect(lines[1].hasSuffix(#"ws /chat sent "world" by "Echo""#))
        #expect(lines[2].hasSuffix(#"ws /chat received "helo" → no match; nearest "Echo": message body expected equalTo "hello", got helo"#))
    }

    @Test func pastTheLinesOfOneFlushTheRestIsSummedUpByMethodPathAndStatus() {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/hello"), .ok)
        let written = Locked<String>("")
        let log = RequestLog(mock: mock, formatter: RequestLogFormatter(style: .plain, verbose: false), linesPerFlush: 2) { text in
            written.withLock { $0 += text }
        }
        mock.addServeListener(log)
        let paths = ["/hello", "/hello"] + Array(repeating: "/hello", count: 5) + ["/a", "/b", "/b", "/c", "/d"]
        for path in paths { answer(mock, path, elapsed: .zero) }
        log.flush()
        let lines = written.withLock { $0 }.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.last == "… and 10 more: GET /hello → 200 ×5, GET /b → 404 ×2, GET /a → 404 ×1, others ×2")
    }

    /// Requests in a row for the same thing are counted together; what alternates, or spans a
    /// flush, is still counted once each.
    @Test func theSummaryCountsAlternatingRequestsAndStartsAfreshAfterAFlush() {
        let mock = HTTPMock()
        let written = Locked<[String]>([])
        let log = RequestLog(mock: mock, formatter: RequestLogFormatter(style: .plain, verbose: false), linesPerFlush: 0) { text in
            written.withLock { $0.append(text) }
        }
        mock.addServeListener(log)
        for path in ["/x", "/y", "/x", "/x", "/y"] { answer(mock, path, elapsed: .zero) }
        log.flush()
        answer(mock, "/x", elapsed: .zero)
        log.flush()
        #expect(written.withLock { $0 } == ["… and 5 more: GET /x → 404 ×3, GET /y → 404 ×2\n", "… and 1 more: GET /x → 404 ×1\n"])
    }

    @Test func pastItsGroupLimitTheSummaryCountsOthers() {
        let mock = HTTPMock()
        let written = Locked<String>("")
        let log = RequestLog(mock: mock, formatter: RequestLogFormatter(style: .plain, verbose: false), linesPerFlush: 1, groupLimit: 2) { text in
            written.withLock { $0 += text }
        }
        mock.addServeListener(log)
        for path in ["/first", "/a", "/b", "/c", "/a", "/d"] { answer(mock, path, elapsed: .zero) }
        log.flush()
        let lines = written.withLock { $0 }.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last == "… and 5 more: GET /a → 404 ×2, GET /b → 404 ×1, others ×2")
    }
}

/// How each kind of ending is logged, read from the plan that was carried out.
struct RequestLogEndingTests {
    private func line(_ completion: ServeCompletion) -> String {
        RequestLogFormatter(style: .plain, verbose: false).format(completion.event, ending: AnswerEnding(completion),
                                                                 elapsed: completion.elapsed, nearest: nil)
    }

    @Test func aNetworkProfileThatResetsSaysTheResetAndWhereNotJustTheStatus() {
        let mock = HTTPMock()
        let body = String(repeating: "x", count: 4_096)
        mock.stub(StubMapping(name: "Big", .get(urlPath: "/big"), .ok.body(body).networkProfile(NetworkProfile(cut: .reset(afterBytes: 2_048)))))
        let completion = answered(mock, "/big")
        #expect(AnswerEnding(completion) == .cut(status: 200, .connectionResetByPeer, afterBytes: 2_048, stalled: false))
        #expect(line(completion).contains(#"GET /big → 200 "Big", then CONNECTION_RESET_BY_PEER after 2048 bytes "#))
    }

    @Test func aStallSaysItStalledBeforeTheReset() {
        let mock = HTTPMock()
        mock.stub(StubMapping(name: "Slow", .get(urlPath: "/slow"),
                              .ok.body("abcdef").networkProfile(NetworkProfile(cut: .stall(afterBytes: 3), stallLimit: .seconds(7)))))
        let completion = answered(mock, "/slow")
        #expect(AnswerEnding(completion) == .cut(status: 200, .connectionResetByPeer, afterBytes: 3, stalled: true))
        #expect(line(completion).contains(#"GET /slow → 200 "Slow", stalled after 3 bytes, then CONNECTION_RESET_BY_PEER "#))
    }

    @Test func aHeldOpenStreamAndAClientThatLeftAreSaid() {
        let mock = HTTPMock()
        mock.stub(StubMapping(name: "Feed", .get(urlPath: "/feed"), .ok.chunks([.text("a"), .text("b")], then: .heldOpen(cap: .seconds(5)))))
        let held = answered(mock, "/feed")
        #expect(AnswerEnding(held) == .heldOpen(status: 200))
        #expect(line(held).contains(#"GET /feed → 200 "Feed", then held open "#))

        var generator = SystemRandomNumberGenerator()
        let served = mock.respond(to: RecordedRequest(method: .get, url: "/feed"), using: &generator)
        let listener = Completions()
        mock.addServeListener(listener)
        mock.complete(served, delivery: StreamDelivery(partsDelivered: 1, parts: 2, clientLeftEarly: true), elapsed: .zero,
                      transport: .inProcess, defaultSender: NoSender())
        let left = try! #require(listener.heard.withLock { $0.first })
        #expect(AnswerEnding(left) == .clientLeft(status: 200, delivered: 1, parts: 2))
        #expect(line(left).contains(#"GET /feed → 200 "Feed", client left after 1 of 2 parts "#))
    }

    /// The 503 a failed store gives names the store, not a missing stub (which would send one
    /// hunting for it).
    @Test func aStoreFailureSaysTheStoreFailedNotThatNothingMatched() {
        let mock = HTTPMock()
        let request = RecordedRequest(method: .get, url: "/orders")
        let failed = ServeEvent(request: request, stub: nil, response: HTTPMock.storeUnavailable(StoreDown()))
        var generator = SystemRandomNumberGenerator()
        let plan = ResponsePlan.make(for: failed.response, to: request, stub: nil, bodyData: { try $0.bodyData(root: nil) }, using: &generator)
        let completion = ServeCompletion(event: failed, plan: plan, storeFailure: StoreDown(), elapsed: .zero, transport: .inProcess)
        #expect(AnswerEnding(completion) == .storeFailed("the database is down"))
        let text = line(completion)
        #expect(text.contains("GET /orders → 503 the state store failed: the database is down"))
        #expect(!text.contains("no match"))
        _ = mock
    }

    @Test func aMessageDuringARequestsAnswerIsLoggedAfterTheRequestWhichCameFirst() {
        let mock = HTTPMock()
        mock.stub(StubMapping(name: "Ping", .get(urlPath: "/ping"), .ok))
        let written = Locked<String>("")
        let log = RequestLog(mock: mock, formatter: RequestLogFormatter(style: .plain, verbose: false)) { text in
            written.withLock { $0 += text }
        }
        mock.addServeListener(log)
        mock.messages.observe { log.record($0) }
        var generator = SystemRandomNumberGenerator()
        let served = mock.respond(to: RecordedRequest(method: .get, url: "/ping", timestamp: Date(timeIntervalSinceNow: -0.01)), using: &generator)
        // A message (as one the request triggers) arrives while its answer is carried out.
        let socket = mock.messages.open(RecordedRequest(method: .get, url: "/chat"), connection: SilentConnection())
        mock.messages.received(.text("hello"), on: socket)
        log.flush()
        #expect(written.withLock { $0 }.isEmpty, "the message waits for the request before it")
        mock.complete(served, elapsed: .zero, transport: .inProcess, defaultSender: NoSender())
        log.flush()
        let lines = written.withLock { $0 }.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("GET /ping → 200") == true)
        #expect(lines.last?.contains("ws /chat received") == true)
    }

    @Test func anAnswerNotOverPastTheHoldLimitLetsTheRestThroughAndIsLoggedWhenItEnds() {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/long"), .ok)
        let written = Locked<String>("")
        let log = RequestLog(mock: mock, formatter: RequestLogFormatter(style: .plain, verbose: false), holdLimit: .seconds(2)) { text in
            written.withLock { $0 += text }
        }
        mock.addServeListener(log)
        mock.messages.observe { log.record($0) }
        var generator = SystemRandomNumberGenerator()
        let served = mock.respond(to: RecordedRequest(method: .get, url: "/long"), using: &generator)
        let socket = mock.messages.open(RecordedRequest(method: .get, url: "/chat"), connection: SilentConnection())
        mock.messages.received(.text("hello"), on: socket)
        log.flush(now: Date(timeIntervalSinceNow: 3))
        #expect(written.withLock { $0 }.contains("ws /chat received"))
        mock.complete(served, elapsed: .zero, transport: .inProcess, defaultSender: NoSender())
        log.flush()
        #expect(written.withLock { $0 }.contains("GET /long → 200"))
    }
}

private struct StoreDown: Error, CustomStringConvertible {
    var description: String { "the database is down" }
}

/// Hears completions.
private final class Completions: ServeListener {
    let heard = Locked<[ServeCompletion]>([])
    func completed(_ completion: ServeCompletion) { heard.withLock { $0.append(completion) } }
}

/// Serves `url` as a transport does: served, then completed, without a socket.
private func answer(_ mock: HTTPMock, _ url: String, elapsed: Duration = .zero) {
    var generator = SystemRandomNumberGenerator()
    let served = mock.respond(to: RecordedRequest(method: .get, url: url), using: &generator)
    mock.complete(served, elapsed: elapsed, transport: .inProcess, defaultSender: NoSender())
}

/// ``answer(_:_:elapsed:)``, returning the completion the listeners heard.
private func answered(_ mock: HTTPMock, _ url: String, elapsed: Duration = .zero) -> ServeCompletion {
    let listener = Completions()
    let token = mock.addServeListener(listener)
    defer { mock.removeServeListener(token) }
    answer(mock, url, elapsed: elapsed)
    return listener.heard.withLock { $0[0] }
}

/// A webhook sender no test reaches (its stubs send none).
private struct NoSender: WebhookSender {
    struct Unused: Error {}
    func send(_ request: WebhookRequest) async throws -> WebhookResponse { throw Unused() }
}

/// A socket the hub holds open without a server.
private struct SilentConnection: WebSocketConnection {
    func send(_ message: WebSocketMessage) {}
    func close(code: UInt16, reason: String) {}
    func drop() {}
}
