import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GreeterMessages

/// Benchmarks/grpc-benchmark.sh's two sides, in release builds:
///
///     GRPCBenchmark serve PORT
///         a grpc-swift 2 server on 127.0.0.1:PORT (h2c) answering `SayHello` with the bytes
///         the gRPC root's stub "SayHello to Tom" answers (greeting "Hi Tom", mood HAPPY);
///     GRPCBenchmark load PORT CALLS SECONDS
///         CALLS concurrent unary `SayHello` calls (name "Tom") on one client for SECONDS, then
///         prints `calls/s p99-ms failures` (a failure: an error, or another reply).
@main
struct GRPCBenchmark {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch (arguments.first, arguments.count) {
        case ("serve", 2):
            guard let port = Int(arguments[1]) else { usage() }
            try await serve(port: port)
        case ("load", 4):
            guard let port = Int(arguments[1]), let calls = Int(arguments[2]), let seconds = Double(arguments[3]),
                  calls > 0, seconds > 0 else { usage() }
            try await load(port: port, calls: calls, seconds: seconds)
        default:
            usage()
        }
    }

    static func usage() -> Never {
        FileHandle.standardError.write(Data("usage: GRPCBenchmark serve PORT | load PORT CALLS SECONDS\n".utf8))
        exit(2)
    }

    /// The reply both servers send.
    static let reply = HelloReply(greeting: "Hi Tom", mood: .happy)

    /// `SayHello` answered with ``reply``, whatever the request.
    struct GreeterService: RegistrableRPCService {
        func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
            router.registerHandler(
                forMethod: GreeterMessages.Greeter.sayHello,
                deserializer: ProtoDeserializer<HelloRequest>(),
                serializer: ProtoSerializer<HelloReply>()
            ) { request, _ in
                for try await _ in request.messages {}
                return StreamingServerResponse(single: ServerResponse(message: GRPCBenchmark.reply))
            }
        }
    }

    static func serve(port: Int) async throws {
        let server = GRPCServer(
            transport: .http2NIOPosix(address: .ipv4(host: "127.0.0.1", port: port), transportSecurity: .plaintext),
            services: [GreeterService()]
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
        let p99Milliseconds = Double(p99.components.seconds) * 1000 + Double(p99.components.attoseconds) / 1e15
        print(String(format: "%.0f %.3f %d", perSecond, p99Milliseconds, failures))
    }
}
