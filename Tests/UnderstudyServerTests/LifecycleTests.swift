import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import Testing
import Understudy
@testable import UnderstudyServer
import UnderstudyTestSupport

/// Serialized: the descriptor-leak test counts the whole process's file descriptors, which the
/// thousand-connection test would disturb if they overlapped.
@Suite(.serialized)
struct LifecycleTests {
    @Test func explicitStartAndShutdownForXCTestStyle() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/a"), .ok.body("a"))
        let server = MockServer(mock: mock)
        try await server.start()
        #expect(try await send(server.baseURL.appendingPathComponent("a")).body == "a")
        let port = try server.port
        try await server.shutdown()
        try await server.shutdown() // twice is fine
        await server.waitUntilShutdown()
        // Nothing listens any more. (A raw connect: AsyncHTTPClient retries a refused connection until its deadline.)
        await #expect {
            try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: port).get()
        } throws: { $0 is NIOConnectionError }
        await #expect(throws: MockServerError.self) { try await server.start() }
    }

    @Test func portInUseIsOneClearError() async throws {
        try await withMockServer(HTTPMock()) { first in
            let port = try first.port
            let second = MockServer(mock: HTTPMock(), configuration: MockServerConfiguration(port: port))
            do {
                try await second.start()
                Issue.record("expected the bind to fail")
            } catch let error as MockServerError {
                #expect(error.description.hasPrefix("cannot listen on 127.0.0.1:\(port): "))
                #expect(error.description.hasSuffix("; another process uses port \(port): choose another with --port, or 0 for any free port"))
            }
        }
    }

    @Test func theAddressIsOnlyKnownWhileRunning() async throws {
        let server = MockServer(mock: HTTPMock())
        let notRunning = "the server is not running: call start() first, or it was shut down; prefer withMockServer { server in … }, which keeps the server running for its whole body"
        #expect(MockServerError.notRunning.description == notRunning)
        #expect(throws: MockServerError.notRunning) { try server.port }
        #expect(throws: MockServerError.notRunning) { try server.baseURL }
        #expect(throws: MockServerError.notRunning) { try server.launchEnvironment }
        #expect(server.url.absoluteString == "http://127.0.0.1:0", "no listener yet: port 0, where nothing listens")
        try await server.start()
        let port = try server.port
        #expect(port > 0)
        #expect(try server.baseURL.absoluteString == "http://127.0.0.1:\(port)")
        #expect(server.url.absoluteString == "http://127.0.0.1:\(port)")
        #expect(try server.launchEnvironment == ["UNDERSTUDY_BASE_URL": "http://127.0.0.1:\(port)"])
        try await server.shutdown()
        #expect(throws: MockServerError.notRunning) { try server.port }
        #expect(throws: MockServerError.notRunning) { try server.baseURL }
        #expect(throws: MockServerError.notRunning) { try server.launchEnvironment }
        #expect(server.url.port == 0)
    }

    @Test func insideTheScopeTheURLNeedsNoTryAndTheResultMayBeIgnored() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/ping"), .ok.body("pong"))
        var seen: URL?
        try await withMockServer(mock) { server in   // no `_ =`: the result is discardable
            seen = server.url
            let base = try server.baseURL
            #expect(server.url == base)
            return server.url.port
        }
        #expect(seen?.port ?? 0 > 0)
    }

    @Test func startingTwiceIsAlreadyStarted() async throws {
        try await withMockServer(HTTPMock()) { server in
            await #expect(throws: MockServerError.alreadyStarted) { try await server.start() }
            #expect(MockServerError.alreadyStarted.description == "the server was already started; create a new MockServer for each run")
        }
    }

    /// A started server whose one stub answers after `delay`, and a request to it that the
    /// stub has received (so it is in flight) by the time this returns.
    private func serverWithARequestInFlight(
        answeringAfter delay: Duration, configuration: MockServerConfiguration = MockServerConfiguration()
    ) async throws -> (MockServer, Task<TestResponse, any Error>) {
        let mock = HTTPMock()
        let (received, receivedSignal) = AsyncStream<Void>.makeStream()
        mock.stub(.get(urlPath: "/slow")) { _, _ in
            receivedSignal.yield()
            return .ok.body("done").delayed(by: delay)
        }
        let server = MockServer(mock: mock, configuration: configuration)
        try await server.start()
        let url = try server.baseURL.appendingPathComponent("slow")
        let response = Task { try await send(url) }
        var signals = received.makeAsyncIterator()
        await signals.next()
        return (server, response)
    }

    @Test func shutdownLetsInFlightResponsesFinish() async throws {
        // In flight means received and being answered: the stub has run, its answer is delayed.
        let (server, response) = try await serverWithARequestInFlight(answeringAfter: .milliseconds(300))
        try await server.shutdown()
        #expect(try await response.value.body == "done")
        #expect(server.connectionCount == 0)
        await server.waitUntilShutdown()
    }

    @Test func shutdownClosesWhatTheGracePeriodDidNotFinish() async throws {
        let (server, response) = try await serverWithARequestInFlight(
            answeringAfter: .seconds(600), configuration: MockServerConfiguration(shutdownGracePeriod: .milliseconds(200)))
        try await server.shutdown()
        // Closed before its answer was due: the grace period ended the wait, not the delay.
        await #expect(throws: HTTPClientError.remoteConnectionClosed) { _ = try await response.value }
        #expect(server.connectionCount == 0)
    }

    @Test func shutdownWithoutConnectionsReturnsAndCanBeAwaited() async throws {
        let server = MockServer(mock: HTTPMock())
        try await server.start()
        let waiter = Task { await server.waitUntilShutdown() }
        try await server.shutdown()
        await waiter.value
        try await server.shutdown()
    }

    @Test func shuttingDownANeverStartedServerEndsTheWait() async throws {
        let server = MockServer(mock: HTTPMock())
        try await server.shutdown()
        await server.waitUntilShutdown()
        await #expect(throws: MockServerError.alreadyStarted) { try await server.start() }
    }

    @Test func aSecondShutdownReturnsWhenTheFirstHasFinished() async throws {
        let (server, response) = try await serverWithARequestInFlight(answeringAfter: .milliseconds(200))
        let first = Task { try await server.shutdown() }
        try await server.shutdown()
        // Whichever call did the work, this one returned after it: the connection is closed.
        #expect(server.connectionCount == 0)
        try await first.value
        #expect(try await response.value.body == "done")
    }

    @Test func connectionCapClosesExtraConnections() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/a"), .ok.body("a"))
        try await withMockServer(mock, configuration: MockServerConfiguration(maxConnections: 2)) { server in
            let idle = try await (0..<2).asyncMap { _ in
                try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: server.port).get()
            }
            try await waitUntil("both connections are accepted") { server.connectionCount == 2 }
            let refused = try await exchangeRaw("GET /a HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
            #expect(refused.receivedBytes == 0)
            for channel in idle { try await channel.close() }
            try await waitUntil("the closed connections are gone") { server.connectionCount == 0 }
            #expect(try await send(server.baseURL.appendingPathComponent("a")).body == "a")
        }
    }

    @Test func slowHeadersAreCutByTheTimeout() async throws {
        let configuration = MockServerConfiguration(headerReadTimeout: .milliseconds(300))
        try await withMockServer(HTTPMock(), configuration: configuration) { server in
            // Never finishes the head: the server must close the connection by itself (the
            // client's own 60 s close only keeps a broken build from hanging).
            let raw = try await exchangeRaw("GET /a HTTP/1.1\r\nHost: x\r\n", port: server.port, timeout: .seconds(60))
            #expect(raw.receivedBytes == 0)
            #expect(!raw.closedByClient, "the server closed the connection")
        }
    }

    @Test func othersAreServedWhileAHeadIsIncomplete() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/a"), .ok.body("a"))
        try await withMockServer(mock, configuration: MockServerConfiguration(headerReadTimeout: .seconds(3_600))) { server in
            let slow = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: server.port).get()
            try await slow.writeAndFlush(ByteBuffer(string: "GET /a HTTP/1.1\r\nHost: x\r\n"))
            try await waitUntil("the slow connection is accepted") { server.connectionCount == 1 }
            // Served while the incomplete head holds its connection (for an hour, unless closed).
            #expect(try await send(server.baseURL.appendingPathComponent("a")).body == "a")
            #expect(slow.isActive)
            try await slow.close()
        }
        #expect(mock.serveEvents.count == 1)
    }

    /// Counted in a child process (`Tests/ProcessChecks`): descriptors and threads are
    /// process-wide, and other suites open and close them meanwhile in this one.
    @Test(.timeLimit(.minutes(2)))
    func startingAndStoppingAThousandServersLeaksNothing() async throws {
        let report = try await runProcessCheck("server-cycles", 1_000)
        let before = try #require(report["descriptorsBefore"]?.intValue), after = try #require(report["descriptorsAfter"]?.intValue)
        #expect(after <= before + 2, "file descriptors \(before) → \(after)")
        let threadsBefore = try #require(report["threadsBefore"]?.intValue), threadsAfter = try #require(report["threadsAfter"]?.intValue)
        #expect(threadsAfter <= threadsBefore + 2, "threads \(threadsBefore) → \(threadsAfter)")
    }

    /// In a child process, which raises its own descriptor limit for the 2 000 descriptors
    /// this takes instead of borrowing them from the test process.
    @Test(.timeLimit(.minutes(2)))
    func aThousandIdleConnectionsDoNotStopService() async throws {
        let report = try await runProcessCheck("idle-connections", 1_000)
        #expect(report["idleOpened"]?.intValue == 1_000)
        #expect(report["servedMeanwhile"]?.intValue == 20)
        #expect(report["journaled"]?.intValue == 20)
        #expect(report["idleClosedByServer"] == true, "past the head timeout the server closes the idle connections")
    }

    /// 1 000 event streams, each waiting an hour for its second event, dropped by their
    /// clients: every stream finishes when its client leaves (no timer left waiting out the
    /// hour), and the journal says each client left early. In a child process for the 2 000
    /// descriptors it takes.
    @Test(.timeLimit(.minutes(2)))
    func aThousandDroppedStreamsLeaveNothingBehind() async throws {
        let report = try await runProcessCheck("dropped-streams", 1_000)
        #expect(report["allStarted"] == true)
        #expect(report["finishedBeforeDrop"]?.intValue == 0, "no stream ended on its own")
        #expect(report["finishedAfterDrop"] == true, "every stream finished and every connection closed once its client left")
        #expect(report["leftEarly"]?.intValue == 1_000)
    }

    /// Runs `UnderstudyProcessChecks <check> <count>` (built beside this test bundle) and
    /// parses the JSON line it prints.
    private func runProcessCheck(_ check: String, _ count: Int) async throws -> JSONValue {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("UnderstudyProcessChecks"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../.build/debug/UnderstudyProcessChecks").standardizedFileURL,
        ]
        let executable = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                                      "build the UnderstudyProcessChecks executable first (swift build)")
        let process = TestProcess()
        process.executableURL = executable
        process.arguments = [check, String(count)]
        let output = Pipe()
        process.standardOutput = output
        let exited = try process.runUntilExit()
        // Read on a thread of its own, not one of the cooperative pool's.
        let data = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: output.fileHandleForReading.readDataToEndOfFile()) }
        }
        for await _ in exited {}
        #expect(process.terminationStatus == 0, "\(check) exited with \(process.terminationStatus)")
        return try JSONParser.parse(data)
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
