// Process-wide checks that cannot run inside the test process: they count this process's file
// descriptors and threads, or need more descriptors than a test process may hold, so other
// suites running in parallel would make them flaky or hide leaks. `LifecycleTests` runs this
// executable and asserts on the one JSON line it prints.
//
//   understudy-process-checks server-cycles <count>
//   understudy-process-checks idle-connections <count>
//   understudy-process-checks dropped-streams <count>
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Understudy
import UnderstudyServer
#if canImport(Glibc)
import Glibc
#endif

/// The number of open file descriptors of this process (Linux), or -1 elsewhere.
func descriptorCount() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count ?? -1 }

/// The number of threads of this process (Linux), or -1 elsewhere.
func threadCount() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.count ?? -1 }

/// Raises this process's descriptor limit (Linux) so `count` loopback connections fit: each
/// takes two descriptors here, the client's and the server's side.
func raiseDescriptorLimit(forConnections count: Int) {
    #if canImport(Glibc)
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    limit.rlim_cur = max(limit.rlim_cur, min(limit.rlim_max, rlim_t(2 * count + 256)))
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    #endif
}

/// Waits (up to 30 s) for `condition`; returns whether it held.
func settle(_ condition: () -> Bool) async throws -> Bool {
    let end = ContinuousClock.now + .seconds(30)
    while !condition() {
        if ContinuousClock.now >= end { return false }
        try await Task.sleep(for: .milliseconds(10))
    }
    return true
}

/// Collects what one raw connection receives until the server closes it.
final class Collector: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    private let received = NIOLockedValueBox("")
    var text: String { received.withLockedValue { $0 } }
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        received.withLockedValue { $0 += String(buffer: buffer) }
    }
}

/// One `GET path` on a fresh connection marked `Connection: close`; the response text.
func get(_ path: String, port: Int) async throws -> String {
    let collector = Collector()
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) }
        }
        .connect(host: "127.0.0.1", port: port).get()
    try await channel.writeAndFlush(ByteBuffer(string: "GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
    try await channel.closeFuture.get()
    return collector.text
}

func printJSON(_ fields: [String: JSONValue]) {
    print(JSONValue.object(JSONObject(fields.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: $0.value) })).jsonText())
}

/// Starts and stops `count` servers; reports descriptors and threads before and after.
func serverCycles(_ count: Int) async throws {
    let mock = HTTPMock()
    mock.stub(.get(urlPath: "/a"), .ok.body("a"))
    // Warm up the event loops.
    let warm = MockServer(mock: mock)
    try await warm.start()
    _ = try await get("/a", port: try warm.port)
    try await warm.shutdown()
    let descriptorsBefore = descriptorCount()
    let threadsBefore = threadCount()
    for _ in 0..<count {
        let server = MockServer(mock: mock)
        try await server.start()
        try await server.shutdown()
    }
    // Closing is asynchronous on the event loops; a leak of one per server never settles.
    _ = try await settle { descriptorCount() <= descriptorsBefore + 2 && threadCount() <= threadsBefore + 2 }
    printJSON(["descriptorsBefore": .number(JSONNumber(descriptorsBefore)), "descriptorsAfter": .number(JSONNumber(descriptorCount())),
               "threadsBefore": .number(JSONNumber(threadsBefore)), "threadsAfter": .number(JSONNumber(threadCount()))])
}

/// Opens `count` idle connections to a server whose head timeout is 6 s (room for a loaded
/// machine to open them all before the first is closed), has 20 requests
/// served meanwhile, and reports how many connections were open and how many are left once the
/// server has closed the idle ones.
func idleConnections(_ count: Int) async throws {
    raiseDescriptorLimit(forConnections: count)
    let mock = HTTPMock()
    mock.stub(.get(urlPath: "/a"), .ok.body("a"))
    let server = MockServer(mock: mock, configuration: MockServerConfiguration(headerReadTimeout: .seconds(6), maxConnections: count + 24))
    try await server.start()
    let port = try server.port
    var idle: [any Channel] = []
    for _ in 0..<count {
        idle.append(try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: port).get())
    }
    _ = try await settle { server.connectionCount >= count }
    let open = server.connectionCount
    var served = 0
    for _ in 0..<20 where try await get("/a", port: port).hasSuffix("\r\n\r\na") { served += 1 }
    let closedByServer = try await settle { server.connectionCount == 0 }
    for channel in idle { try? await channel.close() }
    try await server.shutdown()
    printJSON(["idleOpened": .number(JSONNumber(open)), "servedMeanwhile": .number(JSONNumber(served)),
               "idleClosedByServer": .bool(closedByServer), "journaled": .number(JSONNumber(mock.serveEvents.count))])
}

/// Opens `count` event streams whose second event is an hour away, drops every client once
/// the first event arrived, and reports how many streams the server finished (its observer
/// runs when a stream ends) and how many connections are left, after the drop.
func droppedStreams(_ count: Int) async throws {
    raiseDescriptorLimit(forConnections: count)
    let mock = HTTPMock()
    mock.stub(.get(urlPath: "/events"), .ok.eventStream([.data("first"), .data("an hour later", after: .seconds(3_600))]))
    let finished = NIOLockedValueBox(0)
    let server = MockServer(mock: mock, configuration: MockServerConfiguration(maxConnections: count + 24, requestObserver: { _, _ in
        finished.withLockedValue { $0 += 1 }
    }))
    try await server.start()
    let port = try server.port
    var clients: [(any Channel, Collector)] = []
    for _ in 0..<count {
        let collector = Collector()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        try await channel.writeAndFlush(ByteBuffer(string: "GET /events HTTP/1.1\r\nHost: x\r\n\r\n"))
        clients.append((channel, collector))
    }
    let allStarted = try await settle { clients.allSatisfy { $0.1.text.contains("data: first") } }
    let finishedBeforeDrop = finished.withLockedValue { $0 }
    for (channel, _) in clients { try? await channel.close() }
    let allFinished = try await settle { finished.withLockedValue { $0 } == count && server.connectionCount == 0 }
    let leftEarly = mock.serveEvents.filter { $0.streamDelivery?.clientLeftEarly == true }.count
    try await server.shutdown()
    printJSON(["allStarted": .bool(allStarted), "finishedBeforeDrop": .number(JSONNumber(finishedBeforeDrop)),
               "finishedAfterDrop": .bool(allFinished), "leftEarly": .number(JSONNumber(leftEarly))])
}

let arguments = CommandLine.arguments.dropFirst()
guard let check = arguments.first, let count = arguments.dropFirst().first.flatMap(Int.init) else {
    FileHandle.standardError.write(Data("usage: understudy-process-checks server-cycles|idle-connections|dropped-streams <count>\n".utf8))
    exit(2)
}
switch check {
case "server-cycles": try await serverCycles(count)
case "idle-connections": try await idleConnections(count)
case "dropped-streams": try await droppedStreams(count)
default:
    FileHandle.standardError.write(Data("unknown check \(check); use server-cycles, idle-connections or dropped-streams\n".utf8))
    exit(2)
}
