import Foundation
import NIOCore
import NIOSSL
import Understudy
import UnderstudyServer
import UnderstudyTLS

/// Start + first response + stop, interleaved in the same rounds: the plain-HTTP MockServer,
/// the HTTPS MockServer with a certificate generated per server (what `HTTPSConfiguration()`
/// does) and with one made beforehand, and the raw SwiftNIO TLS server with the same TLS setup.
enum TLSCycleBenchmark {
    static func run(rounds: Int) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/hello"), .ok.body("hello"))
        let shared = try TLSIdentity.generated()
        let clock = ContinuousClock()
        var times: [String: [Duration]] = [:]
        func record(_ name: String, _ round: Int, _ body: () async throws -> Void) async throws {
            let elapsed = try await clock.measure(body)
            if round >= 20 { times[name, default: []].append(elapsed) }  // warm-up rounds are dropped
        }
        for round in 0..<(rounds + 20) {
            try await record("plain", round) {
                let server = MockServer(mock: mock)
                try await server.start()
                let response = try await OneShotClient.get(port: server.port, path: "/hello")
                guard response.hasSuffix("hello") else { throw BenchmarkError("plain: \(response)") }
                try await server.shutdown()
            }
            try await record("generated", round) {
                var configuration = MockServerConfiguration()
                configuration.httpEnabled = false
                configuration.https = try HTTPSConfiguration()
                try await cycle(mock: mock, configuration: configuration)
            }
            try await record("shared", round) {
                var configuration = MockServerConfiguration()
                configuration.httpEnabled = false
                configuration.https = try HTTPSConfiguration(identity: shared)
                try await cycle(mock: mock, configuration: configuration)
            }
            try await record("raw", round) {
                let channel = try await RawNIOTLSServer.start(port: 0, body: "hello", identity: shared)
                let response = try await OneShotTLSClient.get(port: channel.localAddress!.port!, path: "/hello",
                                                              tls: try shared.clientTLSConfiguration())
                guard response.hasSuffix("hello") else { throw BenchmarkError("raw: \(response)") }
                try await channel.close()
            }
            try await record("generate", round) { _ = try TLSIdentity.generated() }
        }
        func median(_ name: String) -> Double {
            let sorted = (times[name] ?? []).sorted()
            let (seconds, attoseconds) = sorted[sorted.count / 2].components
            return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
        }
        let raw = median("raw")
        let plain = median("plain")
        print("| cycle (start + first response + stop) | median | ratio to raw SwiftNIO TLS | ratio to plain MockServer |")
        print("|---|---:|---:|---:|")
        for (label, name) in [("raw SwiftNIO TLS server (same TLS setup)", "raw"), ("MockServer, plain HTTP", "plain"),
                              ("MockServer, HTTPS, certificate made beforehand", "shared"),
                              ("MockServer, HTTPS, certificate generated per server", "generated"),
                              ("generating an authority and a certificate alone", "generate")] {
            let value = median(name)
            print("| \(label) | \(String(format: "%.2f", value)) ms | \(String(format: "%.2f", value / raw))× | \(String(format: "%.2f", value / plain))× |")
        }
        print("\n\(rounds) interleaved rounds after 20 warm-up rounds.")
    }

    private static func cycle(mock: HTTPMock, configuration: MockServerConfiguration) async throws {
        let server = MockServer(mock: mock, configuration: configuration)
        try await server.start()
        let response = try await OneShotTLSClient.get(port: server.httpsPort, path: "/hello",
                                                      tls: try server.tlsIdentity.clientTLSConfiguration())
        guard response.hasSuffix("hello") else { throw BenchmarkError("https: \(response)") }
        try await server.shutdown()
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
