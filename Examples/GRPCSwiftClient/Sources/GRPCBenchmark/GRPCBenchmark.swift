import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GreeterMessages

/// Benchmarks/grpc-benchmark.sh's two sides, in release builds:
///
///     GRPCBenchmark serve PORT [MESSAGES INTERVAL-MS]
///         a grpc-swift 2 server on 127.0.0.1:PORT (h2c) answering `SayHello` with the bytes
///         the gRPC root's stub "SayHello to Tom" answers (greeting "Hi Tom", mood HAPPY), and
///         `CountDown` with MESSAGES (default 100) such replies, message k due k × INTERVAL-MS
///         (default 10) after the first (Benchmarks/grpc-streams-benchmark.sh's stub);
///     GRPCBenchmark load PORT CALLS SECONDS
///         CALLS concurrent unary `SayHello` calls (name "Tom") on one client for SECONDS, then
///         prints `calls/s p99-ms failures` (a failure: an error, or another reply);
///     GRPCBenchmark streams PORT STREAMS MESSAGES INTERVAL-MS CONNECTIONS
///         STREAMS concurrent `CountDown` calls spread over CONNECTIONS clients (an HTTP/2
///         connection each), each expecting MESSAGES replies INTERVAL-MS apart; prints
///         `p50-ms p99-ms max-ms last-p99-ms first-p99-ms failures` of the messages' lateness (see
///         `streams(port:streams:messages:interval:connections:)`).
@main
struct GRPCBenchmark {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch (arguments.first, arguments.count) {
        case ("serve", 2):
            guard let port = Int(arguments[1]) else { usage() }
            try await serve(port: port, stream: Stream(messages: 100, interval: .milliseconds(10)))
        case ("serve", 4):
            guard let port = Int(arguments[1]), let messages = Int(arguments[2]), let interval = Int(arguments[3]),
                  messages > 0, interval >= 0 else { usage() }
            try await serve(port: port, stream: Stream(messages: messages, interval: .milliseconds(interval)))
        case ("load", 4):
            guard let port = Int(arguments[1]), let calls = Int(arguments[2]), let seconds = Double(arguments[3]),
                  calls > 0, seconds > 0 else { usage() }
            try await load(port: port, calls: calls, seconds: seconds)
        case ("streams", 6):
            guard let port = Int(arguments[1]), let streams = Int(arguments[2]), let messages = Int(arguments[3]),
                  let interval = Int(arguments[4]), let connections = Int(arguments[5]),
                  streams > 0, messages > 0, interval >= 0, connections > 0 else { usage() }
            try await self.streams(port: port, streams: streams, stream: Stream(messages: messages, interval: .milliseconds(interval)),
                                   connections: connections)
        default:
            usage()
        }
    }

    static func usage() -> Never {
        FileHandle.standardError.write(Data("usage: GRPCBenchmark serve PORT [MESSAGES INTERVAL-MS] | load PORT CALLS SECONDS | streams PORT STREAMS MESSAGES INTERVAL-MS CONNECTIONS\n".utf8))
        exit(2)
    }

    /// The reply both servers send.
    static let reply = HelloReply(greeting: "Hi Tom", mood: .happy)

    /// A server stream's shape: how many replies, how far apart.
    struct Stream {
        var messages: Int
        var interval: Duration
    }

    /// `SayHello` answered with ``reply``, whatever the request; `CountDown` with `stream`'s
    /// replies, each due `interval` after the previous one was due (not after it was sent).
    struct GreeterService: RegistrableRPCService {
        let stream: Stream

        func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
            router.registerHandler(
                forMethod: GreeterMessages.Greeter.sayHello,
                deserializer: ProtoDeserializer<HelloRequest>(),
                serializer: ProtoSerializer<HelloReply>()
            ) { request, _ in
                for try await _ in request.messages {}
                return StreamingServerResponse(single: ServerResponse(message: GRPCBenchmark.reply))
            }
            let (messages, interval) = (stream.messages, stream.interval)
            router.registerHandler(
                forMethod: GreeterMessages.Greeter.countDown,
                deserializer: ProtoDeserializer<HelloRequest>(),
                serializer: ProtoSerializer<HelloReply>()
            ) { request, _ in
                for try await _ in request.messages {}
                return StreamingServerResponse { writer in
                    let clock = ContinuousClock()
                    let start = clock.now
                    for index in 0 ..< messages {
                        if index > 0 { try await Task.sleep(until: start + interval * index, clock: clock) }
                        try await writer.write(GRPCBenchmark.reply)
                    }
                    return [:]
                }
            }
        }
    }

    static func serve(port: Int, stream: Stream) async throws {
        let server = GRPCServer(
            transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: port), transportSecurity: .plaintext),
            services: [GreeterService(stream: stream)]
        )
        try await server.serve()
    }

    static func load(port: Int, calls: Int, seconds: Double) async throws {
        let transport = try HTTP2ClientTransport.Posix(
            target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext
        )
        let clock = ContinuousClock()
        let (latencies, failures, elapsed) = try await withGRPCClient(transport: transport) { client in
            let end = clock.now + .milliseconds(Int(seconds * 1000))
            let start = clock.now
            let results = await withTaskGroup(of: ([Duration], Int).self) { group in
                for _ in 0 ..< calls {
                    group.addTask {
                        var latencies: [Duration] = []
                        var failures = 0
                        while clock.now < end {
                            let began = clock.now
                            do {
                                let answer = try await client.unary(
                                    request: ClientRequest(message: HelloRequest(name: "Tom")),
                                    descriptor: GreeterMessages.Greeter.sayHello,
                                    serializer: ProtoSerializer<HelloRequest>(),
                                    deserializer: ProtoDeserializer<HelloReply>(),
                                    options: .defaults
                                ) { response in try response.message }
                                if answer == reply { latencies.append(clock.now - began) } else { failures += 1 }
                            } catch {
                                failures += 1
                            }
                        }
                        return (latencies, failures)
                    }
                }
                var all: ([Duration], Int) = ([], 0)
                for await (latencies, failures) in group {
                    all.0 += latencies
                    all.1 += failures
                }
                return all
            }
            return (results.0, results.1, clock.now - start)
        }
        let sorted = latencies.sorted()
        let p99 = sorted.isEmpty ? .zero : sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        let perSecond = Double(sorted.count) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        print(String(format: "%.0f %.3f %d", perSecond, milliseconds(p99), failures))
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
