import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The WebSocket load: opens `sockets` WebSockets to one URL (NIO's WebSocket client
/// upgrader), and once all are open has every socket send `frames` masked text frames one
/// after another, each when the echo of the previous arrived (``WebSocketRoundTripper``),
/// timing each round trip. With a server's pid, samples its resident memory before
/// connecting, with every socket open, and after the frames (sockets still open).
///
/// A connect error or a refused upgrade throws; a socket whose replies do not all come back
/// is counted in ``Result/failures`` with the reason, so a run never quietly measures fewer
/// round trips than it says.
enum WebSocketLoadClient {
    struct Result {
        /// Every round trip, in nanoseconds.
        var latencies: [Int64] = []
        /// One line per socket whose frames did not all come back.
        var failures: [String] = []
        /// The server's VmRSS in KiB before connecting, with every socket open, and after the frames.
        var rss: (before: Int, open: Int, afterFrames: Int)?
        /// Sockets the server did not close within 10 s of the client's close frame.
        var uncleanCloses = 0
    }

    /// Why the load could not start.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What the upgrade of one connection gave.
    private enum Upgrade: Sendable {
        case upgraded(any Channel, NIOLoopBound<WebSocketRoundTripper>)
        case refused(any Channel)
    }

    /// Sockets connecting at the same time.
    private static let connectBatch = 50

    static func run(host: String, port: Int, path: String, sockets: Int, frames: Int, serverPID: Int32?, timeout: TimeAmount) async throws -> Result {
        var result = Result()
        let before = try serverPID.map { try residentKiB(of: $0) }
        var open: [(channel: any Channel, handler: NIOLoopBound<WebSocketRoundTripper>)] = []
        open.reserveCapacity(sockets)
        var next = 0
        while next < sockets {
            let batch = next..<min(sockets, next + connectBatch)
            try await withThrowingTaskGroup(of: (any Channel, NIOLoopBound<WebSocketRoundTripper>).self) { group in
                for socket in batch {
                    group.addTask { try await connect(host: host, port: port, path: path, socket: socket, frames: frames, timeout: timeout) }
                }
                for try await socket in group { open.append(socket) }
            }
            next = batch.upperBound
        }
        let whenOpen = try serverPID.map { try residentKiB(of: $0) }

        let runs = open.map { socket in socket.channel.eventLoop.flatSubmit { socket.handler.value.start() } }
        for run in runs {
            do {
                result.latencies += try await run.get()
            } catch {
                result.failures.append("\(error)")
            }
        }
        if let serverPID, let before, let whenOpen {
            result.rss = (before, whenOpen, try residentKiB(of: serverPID))
        }

        let closes = open.map { socket in socket.channel.eventLoop.flatSubmit { socket.handler.value.close(within: .seconds(10)) } }
        for close in closes {
            if try await !close.get() { result.uncleanCloses += 1 }
        }
        return result
    }

    private static func connect(host: String, port: Int, path: String, socket: Int, frames: Int, timeout: TimeAmount) async throws
        -> (any Channel, NIOLoopBound<WebSocketRoundTripper>) {
        let upgrade: EventLoopFuture<Upgrade>
        do {
            upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .connectTimeout(.seconds(10))
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                let handler = WebSocketRoundTripper(socket: socket, frames: frames, timeout: timeout)
                                try channel.pipeline.syncOperations.addHandler(handler)
                                return .upgraded(channel, NIOLoopBound(handler, eventLoop: channel.eventLoop))
                            }
                        })
                        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path)
                        head.headers.add(name: "Host", value: "\(host):\(port)")
                        let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
                            upgradeRequestHead: head, upgraders: [upgrader],
                            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeSucceededFuture(.refused(channel)) })
                        return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                            configuration: .init(upgradeConfiguration: configuration))
                    }
                }
        } catch {
            throw Failure(description: "socket \(socket): cannot connect to \(host):\(port): \(error)")
        }
        let outcome: Upgrade
        do {
            outcome = try await upgrade.get()
        } catch {
            throw Failure(description: "socket \(socket): the WebSocket upgrade of \(path) failed: \(error)")
        }
        switch outcome {
        case .upgraded(let channel, let handler):
            return (channel, handler)
        case .refused(let channel):
            try? await channel.close()
            throw Failure(description: "socket \(socket): the server refused the WebSocket upgrade of \(path)")
        }
    }

    /// A process's resident memory (VmRSS in /proc/PID/status), in KiB.
    static func residentKiB(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kib = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int($0) }) else {
            throw Failure(description: "no VmRSS in /proc/\(pid)/status")
        }
        return kib
    }
}
