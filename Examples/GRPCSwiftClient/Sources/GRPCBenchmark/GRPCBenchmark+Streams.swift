import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GreeterMessages

extension GRPCBenchmark {
    /// STREAMS concurrent `CountDown` calls (name "Tom"), spread round-robin over `connections`
    /// clients of an HTTP/2 connection each (a server may allow only so many streams on one
    /// connection: understudy's h2c allows 100). Each call expects `stream.messages` replies
    /// equal to ``reply``.
    ///
    /// A message's lateness is its arrival against the stream's schedule, message k due
    /// k × `stream.interval` after the schedule's start; the start is the latest that makes no
    /// message early (the smallest arrival − k × interval of the stream), so lateness is at
    /// least 0, the time to open the call is left out, and lateness that builds up along a
    /// stream shows in its last messages. Prints `p50 p99 max last-p99 first-p99 failures`,
    /// milliseconds: lateness over every message of the streams that succeeded, the p99 of
    /// each stream's last message's lateness alone, and the p99 of the time from the call's
    /// start to its first message. A failure: an error, another reply, or another count.
    static func streams(port: Int, streams: Int, stream: Stream, connections: Int) async throws {
        let clients = try (0 ..< connections).map { _ in
            GRPCClient(transport: try HTTP2ClientTransport.Posix(
                target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext
            ))
        }
        let results = try await withThrowingTaskGroup(of: Void.self) { running in
            for client in clients { running.addTask { try await client.runConnections() } }
            let results = await withTaskGroup(of: Arrivals?.self) { group in
                for index in 0 ..< streams {
                    let client = clients[index % connections]
                    group.addTask { await lateness(of: stream, from: client) }
                }
                var all: [Arrivals?] = []
                for await result in group { all.append(result) }
                return all
            }
            for client in clients { client.beginGracefulShutdown() }
            try await running.waitForAll()
            return results
        }
        let succeeded = results.compactMap { $0 }
        let perStream = succeeded.map(\.lateness)
        let all = perStream.flatMap { $0 }.sorted()
        let last = perStream.compactMap(\.last).sorted()
        let first = succeeded.map(\.first).sorted()
        func percentile(_ sorted: [Duration], _ percent: Int) -> Double {
            sorted.isEmpty ? .nan : milliseconds(sorted[min(sorted.count - 1, sorted.count * percent / 100)])
        }
        print(String(format: "%.3f %.3f %.3f %.3f %.3f %d", percentile(all, 50), percentile(all, 99), all.last.map(milliseconds) ?? .nan,
                     percentile(last, 99), percentile(first, 99), results.count - succeeded.count))
    }

    /// One stream's timing: each message's lateness, and the time to its first message.
    private struct Arrivals {
        var lateness: [Duration]
        var first: Duration
    }

    /// One `CountDown` call's timing (see ``streams(port:streams:stream:connections:)``), or
    /// `nil` when it failed.
    private static func lateness(of stream: Stream, from client: GRPCClient<HTTP2ClientTransport.Posix>) async -> Arrivals? {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            return try await client.serverStreaming(
                request: ClientRequest(message: HelloRequest(name: "Tom")),
                descriptor: GreeterMessages.Greeter.countDown,
                serializer: ProtoSerializer<HelloRequest>(),
                deserializer: ProtoDeserializer<HelloReply>(),
                options: .defaults
            ) { response in
                var arrivals: [ContinuousClock.Instant] = []
                arrivals.reserveCapacity(stream.messages)
                for try await message in response.messages {
                    guard message == reply else { return nil }
                    arrivals.append(clock.now)
                }
                guard arrivals.count == stream.messages else { return nil }
                let offsets = arrivals.enumerated().map { index, arrival in arrival - start - stream.interval * index }
                let scheduleStart = offsets.min() ?? .zero
                return Arrivals(lateness: offsets.map { $0 - scheduleStart }, first: arrivals[0] - start)
            }
        } catch {
            return nil
        }
    }
}
