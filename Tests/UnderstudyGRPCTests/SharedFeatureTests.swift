import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing
import Understudy
@testable import UnderstudyGRPC
import UnderstudyJSON
import UnderstudyServer
import Synchronization

/// The features every request has cover gRPC calls: namespaces (the `Understudy-Namespace`
/// header, which a gRPC client sends as metadata), the serve listeners the console log and the
/// dashboard are, and the dashboard's feed.
struct SharedFeatureTests {
    @Test func aCallNamingANamespaceIsMatchedAndJournalledInItOnly() throws {
        let mock = HTTPMock()
        let teamA = try mock.namespaced("team-a")
        let teamB = try mock.namespaced("team-b")
        teamA.stub(try grpcStub("SayHello", answer: #"{"greeting": "Hi from A"}"#))
        let server = try GRPCExchange.server(for: mock)

        let inA = try GRPCExchange(mock: mock, server: server)
        try inA.start("/understudy.test.Greeter/SayHello", metadata: [("understudy-namespace", "team-a")])
        try inA.send(#"{"name": "Ada"}"#)
        try inA.end()
        #expect(try inA.received() == [Fixtures.json(#"{"greeting": "Hi from A"}"#)])
        #expect(inA.status == 0)
        #expect(teamA.serveEvents.map(\.wasMatched) == [true])
        #expect(teamA.serveEvents.first?.request.path == "/understudy.test.Greeter/SayHello")
        #expect(teamB.serveEvents.isEmpty)

        // Team B does not see team A's stub: its call is unmatched, and journalled in B.
        let inB = try GRPCExchange(mock: mock, server: server)
        try inB.start("/understudy.test.Greeter/SayHello", metadata: [("understudy-namespace", "team-b")])
        try inB.send(#"{"name": "Ada"}"#)
        try inB.end()
        #expect(try inB.received().isEmpty)
        #expect(inB.status == 12)
        #expect(teamB.unmatchedRequests.count == 1)
        #expect(teamA.serveEvents.count == 1 && teamA.unmatchedRequests.isEmpty)
    }

    @Test func theServeListenersHearTheStatusTheCallEndedWith() throws {
        let mock = HTTPMock()
        mock.stub(try grpcStub("SayHello", body: #"{"name": "Tom"}"#, answer: #"{"greeting": "Hi Tom"}"#))
        mock.stub(try grpcStub("SayHello", body: #"{"name": "Prereq"}"#, answer: "", status: "FAILED_PRECONDITION", reason: "Failed on some prerequisite"))
        let listener = Completions()
        _ = mock.addServeListener(listener)
        let server = try GRPCExchange.server(for: mock)
        for name in ["Tom", "Prereq", "Nobody"] {
            let call = try GRPCExchange(mock: mock, server: server)
            try call.start("/understudy.test.Greeter/SayHello")
            try call.send(#"{"name": "\#(name)"}"#)
            try call.end()
            _ = try call.received()
        }
        let heard = listener.heard.withLock { $0 }
        #expect(heard.map(\.event.request.path) == Array(repeating: "/understudy.test.Greeter/SayHello", count: 3))
        #expect(heard.map { Self.header("grpc-status", of: $0) } == ["0", "9", "12"])
        #expect(Self.header("grpc-message", of: heard[1]) == "Failed on some prerequisite")
        #expect(Self.header("grpc-message", of: heard[2])?.hasPrefix(GRPCAnswer.unmatchedMessage) == true)
    }

    @Test func theDashboardListsGRPCCallsFromTheJournalAndLive() throws {
        let mock = HTTPMock()
        var stub = try grpcStub("SayHello", answer: #"{"greeting": "Hi"}"#)
        stub.name = "SayHello to anyone"
        mock.stub(stub)
        let server = try GRPCExchange.server(for: mock)
        try call(mock, server, name: "before")

        // A dashboard opening now gets the journal's calls, then each call as it ends.
        let dashboard = EmbeddedChannel()
        try server.installHTTP2Stream(on: dashboard)
        try dashboard.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 50052)).wait()
        try dashboard.writeInbound(HTTPServerRequestPart.head(HTTPRequestHead(version: .http2, method: .GET, uri: "/__admin/dashboard/events",
                                                                              headers: ["host": "localhost"])))
        try dashboard.writeInbound(HTTPServerRequestPart.end(nil))
        let backlog = try Self.requests(in: Self.text(writtenBy: dashboard))
        #expect(backlog.count == 1)
        #expect(Self.member(backlog.first, "request", "url") == "/understudy.test.Greeter/SayHello")
        #expect(Self.member(backlog.first, "stubMapping", "name") == "SayHello to anyone")

        try call(mock, server, name: "after")
        dashboard.embeddedEventLoop.run()
        let live = try Self.requests(in: Self.text(writtenBy: dashboard))
        #expect(live.count == 1)
        #expect(Self.member(live.first, "request", "url") == "/understudy.test.Greeter/SayHello")
        let body = try #require(Self.member(live.first, "request", "body"))
        #expect(try JSONValue(parsing: Data(body.utf8)) == Fixtures.json(#"{"name": "after"}"#))
    }

    private func call(_ mock: HTTPMock, _ server: ConnectionHandlers, name: String) throws {
        let call = try GRPCExchange(mock: mock, server: server)
        try call.start("/understudy.test.Greeter/SayHello")
        try call.send(#"{"name": "\#(name)"}"#)
        try call.end()
        #expect(try call.received() == [Fixtures.json(#"{"greeting": "Hi"}"#)])
    }

    /// The string at `object.key.member`.
    private static func member(_ event: JSONValue?, _ key: String, _ member: String) -> String? {
        event?.objectValue?[key]?.objectValue?[member]?.stringValue
    }

    private static func header(_ name: String, of completion: ServeCompletion) -> String? {
        guard case .respond(let head, _) = completion.plan.action else { return nil }
        return head.headers[name]
    }

    /// The body the channel wrote since the last call, as text.
    private static func text(writtenBy channel: EmbeddedChannel) throws -> String {
        var text = ""
        while let part = try channel.readOutbound(as: HTTPServerResponsePart.self) {
            if case .body(.byteBuffer(let buffer)) = part { text += String(buffer: buffer) }
        }
        return text
    }

    /// The `request` events' data in a `text/event-stream` text.
    private static func requests(in text: String) throws -> [JSONValue] {
        try text.components(separatedBy: "\n\n").compactMap { event in
            let lines = event.split(separator: "\n")
            guard lines.contains("event: request"), let data = lines.first(where: { $0.hasPrefix("data: ") }) else { return nil }
            return try JSONValue(parsing: Data(data.dropFirst(6).utf8))
        }
    }
}

/// Keeps the completions a mock's serve listeners hear.
private final class Completions: ServeListener {
    let heard = Mutex<[ServeCompletion]>([])
    var hearsServed: Bool { false }
    func completed(_ completion: ServeCompletion) { heard.withLock { $0.append(completion) } }
}
