import Foundation
import Understudy
import UnderstudyClient
import UnderstudyServer
import UnderstudyURLSession
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cost per request of each way to reach a mock with 100 stubs, against a plain function
/// call returning the same `Data`, interleaved round by round.
enum TransportBenchmark {
    /// The baseline: what a hand-written fake client costs.
    struct PlainFunction: HTTPClient {
        let body = Data("item 42".utf8)
        func data(for request: URLRequest) async throws -> (Data, URLResponse) {
            (body, HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])!)
        }
    }

    /// - Parameter only: keeps the baseline and the cases whose name contains it (for profiling).
    static func run(rounds: Int, only: String? = nil) async throws {
        let mock = HTTPMock()
        mock.stub((0..<100).map { StubMapping(.get(urlPath: "/items/\($0)"), .ok.body("item \($0)")) })
        let session = mock.urlSession()
        let loopback = "loopback server via URLSession"
        // The server starts only when its case runs, so `--only direct` runs no event loop
        // (and can be profiled under valgrind, which does not survive NIO's threads here).
        let server = only.map(loopback.contains) ?? true ? MockServer(mock: mock) : nil
        try await server?.start()
        let serverSession = URLSession(configuration: .ephemeral)
        let inProcess = URL(string: "http://api.example.com/items/42")!
        var allCases: [(name: String, client: any HTTPClient, url: URL, perRound: Int)] = [
            ("plain function returning Data (baseline)", PlainFunction(), inProcess, 2_000),
            ("direct (HTTPMock as HTTPClient)", mock, inProcess, 2_000),
            ("URLSession transport", session, inProcess, 200),
        ]
        if let server { allCases.append((loopback, serverSession, try server.baseURL.appendingPathComponent("items/42"), 200)) }
        let cases = allCases.enumerated().filter { $0.offset == 0 || only.map($0.element.name.contains) ?? true }.map(\.element)
        let clock = ContinuousClock()
        var samples = Array(repeating: [Double](), count: cases.count)
        for round in 0..<(rounds + 2) {
            for (index, benchmark) in cases.enumerated() {
                let request = URLRequest(url: benchmark.url)
                let elapsed = try await clock.measure {
                    for _ in 0..<benchmark.perRound {
                        let (data, _) = try await benchmark.client.data(for: request)
                        precondition(data.count == 7, "unexpected body")
                    }
                }
                let (seconds, attoseconds) = elapsed.components
                if round >= 2 { samples[index].append((Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(benchmark.perRound)) }
            }
            mock.resetRequests()
        }
        try await server?.shutdown()
        session.finishTasksAndInvalidate()
        serverSession.finishTasksAndInvalidate()
        let medians = samples.map { $0.sorted()[$0.count / 2] }
        print("| transport (100 stubs) | median per request | ratio to plain function |")
        print("|---|---:|---:|")
        for (index, benchmark) in cases.enumerated() {
            print("| \(benchmark.name) | \(String(format: "%.2f", medians[index] / 1_000)) µs | \(String(format: "%.1f", medians[index] / medians[0]))× |")
        }
        print("\n\(rounds) interleaved rounds after 2 warm-up rounds.")
    }
}
