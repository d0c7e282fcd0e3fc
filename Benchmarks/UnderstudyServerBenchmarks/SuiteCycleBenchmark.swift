import Foundation
import NIOCore
import Understudy
import UnderstudyClient
import UnderstudyServer
import UnderstudyURLSession
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a test suite pays per test: one whole test (make a mock with three stubs, send three
/// requests, verify, tear down) done four ways, interleaved round by round, against the same
/// test done with a hand-written `URLProtocol` returning canned data.
enum SuiteCycleBenchmark {
    static let paths = ["/users/1", "/users/2", "/orders"]

    static func run(rounds: Int) async throws {
        let cases: [(name: String, test: @Sendable (inout Phases) async throws -> Void)] = [
            ("hand-written URLProtocol, canned data (baseline)", cannedProtocolTest),
            ("direct (HTTPMock as HTTPClient)", directTest),
            ("mock.urlSession()", urlSessionTest),
            ("raw SwiftNIO server (port 0, no mock) + ephemeral URLSession", rawServerTest),
            ("MockServer (port 0) + ephemeral URLSession", serverTest),
        ]
        let clock = ContinuousClock()
        var samples = Array(repeating: [Double](), count: cases.count)
        var serverPhases: [Phases] = []
        let warmUp = 20
        for round in 0..<(rounds + warmUp) {
            for (index, benchmark) in cases.enumerated() {
                var phases = Phases()
                let elapsed = try await clock.measure { try await benchmark.test(&phases) }
                guard round >= warmUp else { continue }
                samples[index].append(elapsed.milliseconds)
                if index == cases.count - 1 { serverPhases.append(phases) }
            }
        }
        let baseline = Statistics(samples[0])
        print("| one test, done with | median | p25–p75 | ratio to hand-written URLProtocol |")
        print("|---|---:|---:|---:|")
        for (index, benchmark) in cases.enumerated() {
            let statistics = Statistics(samples[index])
            print("| \(benchmark.name) | \(format(statistics.median)) ms | \(format(statistics.p25))–\(format(statistics.p75)) ms "
                + "| \(String(format: "%.1f", statistics.median / baseline.median))× |")
        }
        print("\nWhere the server test's time goes (median of each phase):\n")
        print("| phase | median |")
        print("|---|---:|")
        for (name, values) in Phases.names.enumerated().map({ index, name in (name, serverPhases.map { $0.values[index] }) }) {
            print("| \(name) | \(format(Statistics(values).median)) ms |")
        }
        print("\n\(rounds) interleaved rounds after \(warmUp) warm-up rounds.")
    }

    /// The durations of the server test's steps.
    struct Phases {
        static let names = ["mock + 3 stubs", "start()", "URLSession(configuration: .ephemeral)", "3 requests", "verify",
                            "finishTasksAndInvalidate()", "shutdown()"]
        var values = Array(repeating: 0.0, count: names.count)
        private var last = ContinuousClock.now
        private var index = 0

        /// Ends the current phase.
        mutating func lap() {
            let now = ContinuousClock.now
            values[index] = (now - last).milliseconds
            last = now
            index += 1
        }
    }

    static func stubbedMock() -> HTTPMock {
        let mock = HTTPMock()
        for path in paths { mock.stub(.get(urlPath: path), .ok.body("hello")) }
        return mock
    }

    static func verify(_ mock: HTTPMock) throws {
        for path in paths { try mock.verify(.exactly(1), .get(urlPath: path)) }
    }

    static func send(_ session: URLSession, to base: URL) async throws {
        for path in paths {
            let (data, response) = try await session.data(for: URLRequest(url: base.appendingPathComponent(String(path.dropFirst()))))
            precondition((response as? HTTPURLResponse)?.statusCode == 200 && data.count == 5, "unexpected answer")
        }
    }

    @Sendable static func cannedProtocolTest(_ phases: inout Phases) async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [CannedURLProtocol.self]
        let session = URLSession(configuration: configuration)
        try await send(session, to: URL(string: "http://api.example.com")!)
        session.finishTasksAndInvalidate()
    }

    @Sendable static func directTest(_ phases: inout Phases) async throws {
        let mock = stubbedMock()
        for path in paths {
            let (data, _) = try await mock.data(for: URLRequest(url: URL(string: "http://api.example.com\(path)")!))
            precondition(data.count == 5, "unexpected answer")
        }
        try verify(mock)
    }

    @Sendable static func urlSessionTest(_ phases: inout Phases) async throws {
        let mock = stubbedMock()
        let session = mock.urlSession()
        try await send(session, to: URL(string: "http://api.example.com")!)
        try verify(mock)
        session.finishTasksAndInvalidate()
    }

    /// The floor of any loopback server reached through URLSession: the same three requests
    /// to the raw SwiftNIO server, which answers `hello` to everything and verifies nothing.
    @Sendable static func rawServerTest(_ phases: inout Phases) async throws {
        let channel = try await RawNIOServer.start(port: 0, body: "hello")
        let session = URLSession(configuration: .ephemeral)
        try await send(session, to: URL(string: "http://127.0.0.1:\(channel.localAddress!.port!)")!)
        session.finishTasksAndInvalidate()
        try await channel.close()
    }

    @Sendable static func serverTest(_ phases: inout Phases) async throws {
        let mock = stubbedMock()
        phases.lap()
        let server = MockServer(mock: mock)
        try await server.start()
        phases.lap()
        let session = URLSession(configuration: .ephemeral)
        phases.lap()
        try await send(session, to: server.baseURL)
        phases.lap()
        try verify(mock)
        phases.lap()
        session.finishTasksAndInvalidate()
        phases.lap()
        try await server.shutdown()
        phases.lap()
    }

    private static func format(_ milliseconds: Double) -> String { String(format: "%.3f", milliseconds) }
}

/// Median and quartiles of a sample.
struct Statistics {
    let median: Double
    let p25: Double
    let p75: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        func at(_ fraction: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))] }
        median = at(0.5)
        p25 = at(0.25)
        p75 = at(0.75)
    }
}

extension Duration {
    /// The duration in milliseconds.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}
