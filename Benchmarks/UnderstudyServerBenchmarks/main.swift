// Server benchmarks for Understudy.
//
//     swift run -c release UnderstudyServerBenchmarks raw --port 18081
//         runs the raw SwiftNIO ceiling server that Benchmarks/server-benchmark.sh drives with wrk.
//     swift run -c release UnderstudyServerBenchmarks raw-mock --port 18085
//         the raw SwiftNIO server serving each request through HTTPMock.serve before its fixed
//         answer: the core's own cost inside a server (Benchmarks/server-benchmark.sh).
//     swift run -c release UnderstudyServerBenchmarks raw-stream [--port N] [--events N] [--interval-ms N]
//         the raw SwiftNIO ceiling for streams (Benchmarks/stream-benchmark.sh).
//     swift run -c release UnderstudyServerBenchmarks stream-client --port N [--streams N] [--events N] [--interval-ms N] [--path P]
//         opens the streams at once and prints the p50/p99/max lateness of events against their schedule.
//     swift run -c release UnderstudyServerBenchmarks raw-websocket [--port N]
//         the raw SwiftNIO ceiling for WebSockets: echoes every text frame (Benchmarks/websocket-benchmark.sh).
//     swift run -c release UnderstudyServerBenchmarks websocket-load --url ws://127.0.0.1:N/echo [--sockets N] [--frames N] [--pid SERVERPID] [--timeout-s N]
//         opens the sockets, then each sends its frames one after another, waiting for each echo;
//         prints the p50/p99/max round trip and, with --pid, the server's RSS per open socket.
//         Exits with 1 when a socket cannot open or a reply is missing.
//     swift run -c release UnderstudyServerBenchmarks cycle [--rounds N]
//         measures start + first response + stop of an in-process MockServer against a raw
//         SwiftNIO server doing the same cycle, with the same client, interleaved.
//     swift run -c release UnderstudyServerBenchmarks tls-cycle [--rounds N]
//         the same cycle over HTTPS (certificate generated per server, and made beforehand)
//         against a raw SwiftNIO TLS server with the same TLS setup and the plain MockServer.
//     swift run -c release UnderstudyServerBenchmarks raw-h2 --port N
//         the raw SwiftNIO TLS + HTTP/2 ceiling that Benchmarks/h2-benchmark.sh drives with h2load.
//     swift run -c release UnderstudyServerBenchmarks transports [--rounds N] [--only TEXT]
//         cost per request of the direct, URLSession and server transports against a plain
//         function call returning the same Data (`--only direct`: the baseline and that case).
//     swift run -c release UnderstudyServerBenchmarks suite [--rounds N]
//         what a test suite pays per test: mock, three requests, verify, tear down, done with
//         MockServer, mock.urlSession() and the direct transport, against the same test done
//         with a hand-written URLProtocol returning canned data.
import Foundation
import NIOCore
import Understudy
import UnderstudyServer
import UnderstudyTLS

let arguments = CommandLine.arguments
func option(_ name: String) -> String? { arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil } }

switch arguments.dropFirst().first {
case "raw":
    let port = Int(option("--port") ?? "18081") ?? 18081
    let channel = try await RawNIOServer.start(port: port, body: "hello")
    print("raw SwiftNIO server on 127.0.0.1:\(channel.localAddress?.port ?? port)")
    try await channel.closeFuture.get()
case "raw-mock":
    let port = Int(option("--port") ?? "18085") ?? 18085
    let channel = try await RawNIOMockServer.start(port: port, body: "hello")
    print("raw SwiftNIO server with HTTPMock.serve on 127.0.0.1:\(channel.localAddress?.port ?? port)")
    try await channel.closeFuture.get()
case "raw-stream":
    let port = Int(option("--port") ?? "18281") ?? 18281
    let channel = try await RawNIOStreamServer.start(port: port, count: Int(option("--events") ?? "100") ?? 100,
                                                     interval: .milliseconds(Int64(option("--interval-ms") ?? "10") ?? 10))
    print("raw SwiftNIO stream server on 127.0.0.1:\(channel.localAddress?.port ?? port)")
    try await channel.closeFuture.get()
case "stream-client":
    let events = Int(option("--events") ?? "100") ?? 100
    let interval = Duration.milliseconds(Int(option("--interval-ms") ?? "10") ?? 10)
    let result = try await StreamLatenessClient.run(port: Int(option("--port") ?? "18281") ?? 18281, path: option("--path") ?? "/events",
                                                    streams: Int(option("--streams") ?? "1000") ?? 1000, events: events, interval: interval)
    let sorted = result.lateness.sorted()
    func percentile(_ p: Double) -> String {
        guard !sorted.isEmpty else { return "-" }
        let value = sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        return String(format: "%.2f", Double(value.components.seconds) * 1_000 + Double(value.components.attoseconds) / 1e15)
    }
    print("streams \(result.streamsCompleted) events \(result.events) lateness_ms p50 \(percentile(0.5)) p99 \(percentile(0.99)) max \(percentile(1.0))")
case "raw-websocket":
    let port = Int(option("--port") ?? "18381") ?? 18381
    let channel = try await RawNIOWebSocketServer.start(port: port)
    print("raw SwiftNIO WebSocket echo server on 127.0.0.1:\(channel.localAddress?.port ?? port)")
    try await channel.closeFuture.get()
case "websocket-load":
    try await runWebSocketLoad()
case "cycle":
    try await runCycleBenchmark(rounds: Int(option("--rounds") ?? "300") ?? 300)
case "tls-cycle":
    try await TLSCycleBenchmark.run(rounds: Int(option("--rounds") ?? "200") ?? 200)
case "raw-h2":
    let port = Int(option("--port") ?? "18443") ?? 18443
    let channel = try await RawNIOTLSServer.start(port: port, body: "hello", identity: try TLSIdentity.generated())
    print("raw SwiftNIO TLS + HTTP/2 server on 127.0.0.1:\(channel.localAddress?.port ?? port)")
    try await channel.closeFuture.get()
case "transports":
    try await TransportBenchmark.run(rounds: Int(option("--rounds") ?? "15") ?? 15, only: option("--only"))
case "suite":
    try await SuiteCycleBenchmark.run(rounds: Int(option("--rounds") ?? "200") ?? 200)
default:
    print("usage: UnderstudyServerBenchmarks raw [--port N] | raw-mock [--port N] | raw-h2 [--port N] | raw-websocket [--port N] | websocket-load --url ws://HOST:PORT/PATH [--sockets N] [--frames N] [--pid N] [--timeout-s N] | cycle [--rounds N] | tls-cycle [--rounds N] | transports [--rounds N] [--only TEXT] | suite [--rounds N]")
}

func runWebSocketLoad() async throws {
    func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        exit(1)
    }
    let text = option("--url") ?? "ws://127.0.0.1:18381/echo"
    guard let url = URL(string: text), url.scheme == "ws", let host = url.host, let port = url.port else {
        fail("--url \(text): give ws://HOST:PORT/PATH")
    }
    let sockets = Int(option("--sockets") ?? "1000") ?? 1000
    let frames = Int(option("--frames") ?? "100") ?? 100
    let pid = option("--pid").flatMap { Int32($0) }
    let result: WebSocketLoadClient.Result
    do {
        result = try await WebSocketLoadClient.run(host: host, port: port, path: url.path.isEmpty ? "/" : url.path, sockets: sockets, frames: frames,
                                                   serverPID: pid, timeout: .seconds(Int64(option("--timeout-s") ?? "120") ?? 120))
    } catch {
        fail("\(error)")
    }
    let sorted = result.latencies.sorted()
    func percentile(_ p: Double) -> String {
        guard !sorted.isEmpty else { return "-" }
        return String(format: "%.3f", Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]) / 1e6)
    }
    var line = "sockets \(sockets) replies \(sorted.count) latency_ms p50 \(percentile(0.5)) p99 \(percentile(0.99)) max \(percentile(1.0))"
    if let rss = result.rss {
        let perSocket = Double(rss.open - rss.before) / Double(max(sockets, 1))
        line += " rss_kib before \(rss.before) open \(rss.open) after_frames \(rss.afterFrames) per_socket_kib \(String(format: "%.1f", perSocket))"
    }
    print(line)
    if result.uncleanCloses > 0 {
        FileHandle.standardError.write(Data("warning: \(result.uncleanCloses) socket(s) not closed by the server within 10 s of the close frame\n".utf8))
    }
    if !result.failures.isEmpty || sorted.count != sockets * frames {
        for failure in result.failures.prefix(10) { FileHandle.standardError.write(Data("error: \(failure)\n".utf8)) }
        fail("\(sorted.count) of \(sockets * frames) replies came back; \(result.failures.count) socket(s) failed")
    }
}

func runCycleBenchmark(rounds: Int) async throws {
    let mock = HTTPMock()
    mock.stub(.get(urlPath: "/hello"), .ok.body("hello"))
    let clock = ContinuousClock()
    var understudy: [Duration] = []
    var raw: [Duration] = []
    for round in 0..<(rounds + 20) {
        let serverTime = try await clock.measure {
            let server = MockServer(mock: mock)
            try await server.start()
            let response = try await OneShotClient.get(port: server.port, path: "/hello")
            precondition(response.hasSuffix("hello"), "unexpected response: \(response)")
            try await server.shutdown()
        }
        let rawTime = try await clock.measure {
            let channel = try await RawNIOServer.start(port: 0, body: "hello")
            let response = try await OneShotClient.get(port: channel.localAddress!.port!, path: "/hello")
            precondition(response.hasSuffix("hello"), "unexpected response: \(response)")
            try await channel.close()
        }
        if round >= 20 { // warm-up rounds are dropped
            understudy.append(serverTime)
            raw.append(rawTime)
        }
    }
    func median(_ values: [Duration]) -> Double {
        let sorted = values.sorted()
        let (seconds, attoseconds) = sorted[sorted.count / 2].components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
    let ours = median(understudy)
    let ceiling = median(raw)
    print("| cycle (start + first response + stop) | median | ratio to raw SwiftNIO |")
    print("|---|---:|---:|")
    print("| raw SwiftNIO server | \(String(format: "%.2f", ceiling)) ms | 1.00× |")
    print("| MockServer | \(String(format: "%.2f", ours)) ms | \(String(format: "%.2f", ours / ceiling))× |")
    print("\n\(rounds) interleaved rounds after 20 warm-up rounds.")
}
