import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GreeterMessages
import Testing
import Understudy
import UnderstudyGRPC
import UnderstudyServer
import UnderstudyTLS

/// grpc-swift 2's client, over HTTP/2 on a socket (h2c), calling a mock that serves the gRPC root
/// the Python judge serves too (Tests/E2E/grpc-root: `grpc/greetings.dsc` and `mappings/`).
struct GreeterCallTests {
    /// The repository's gRPC root: its descriptor set and WireMock-format stubs.
    static let grpcRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/E2E/grpc-root")

    /// A mock loaded from the root: `.grpc` reads its `grpc/` folder, `.understudy` the stubs.
    static func greeterMock() throws -> HTTPMock {
        try HTTPMock(loadingMappingsFrom: MappingsRoot(grpcRoot), configuration: .init(mappingExtensions: [.understudy, .grpc]))
    }

    /// A server configuration serving `mock`'s gRPC stubs on h2c (HTTP/2 with prior knowledge).
    static func grpcConfiguration(for mock: HTTPMock) -> MockServerConfiguration {
        var configuration = MockServerConfiguration()
        configuration.http2PriorKnowledge = true
        configuration.serveGRPC(for: mock)
        return configuration
    }

    /// Runs `body` with a grpc-swift client connected to `server` in plain text.
    static func withClient<Result: Sendable>(
        to server: MockServer,
        _ body: (GRPCClient<HTTP2ClientTransport.Posix>) async throws -> Result
    ) async throws -> Result {
        try await withGRPCClient(
            transport: .http2NIOPosix(target: .ipv4(address: "127.0.0.1", port: server.port), transportSecurity: .plaintext),
            handleClient: body
        )
    }

    /// `SayHello` as a unary call.
    static func sayHello(_ request: HelloRequest, with client: GRPCClient<HTTP2ClientTransport.Posix>) async throws -> HelloReply {
        try await client.unary(
            request: ClientRequest(message: request),
            descriptor: Greeter.sayHello,
            serializer: ProtoSerializer<HelloRequest>(),
            deserializer: ProtoDeserializer<HelloReply>(),
            options: .defaults
        ) { response in try response.message }
    }

    @Test func aUnaryCallIsAnsweredFromItsStub() async throws {
        let mock = try Self.greeterMock()
        try await withMockServer(mock, configuration: Self.grpcConfiguration(for: mock)) { server in
            let reply = try await Self.withClient(to: server) { client in
                try await Self.sayHello(HelloRequest(name: "Tom"), with: client)
            }
            #expect(reply == HelloReply(greeting: "Hi Tom", mood: .happy))
        }
    }

    @Test func aStatusNameEndsTheCallWithThatCodeAndItsReason() async throws {
        let mock = try Self.greeterMock()
        try await withMockServer(mock, configuration: Self.grpcConfiguration(for: mock)) { server in
            try await Self.withClient(to: server) { client in
                let failed = await #expect(throws: RPCError.self) {
                    try await Self.sayHello(HelloRequest(name: "Prereq failure"), with: client)
                }
                #expect(failed?.code == .failedPrecondition)
                #expect(failed?.message == "Failed on some prerequisite")
                // A plain HTTP status, mapped as WireMock's extension maps it: 403 is PERMISSION_DENIED.
                let denied = await #expect(throws: RPCError.self) {
                    try await Self.sayHello(HelloRequest(name: "Mallory"), with: client)
                }
                #expect(denied?.code == .permissionDenied)
            }
        }
    }

    @Test func aServerStreamingCallReceivesEveryElementOfTheAnswer() async throws {
        let mock = try Self.greeterMock()
        try await withMockServer(mock, configuration: Self.grpcConfiguration(for: mock)) { server in
            let replies = try await Self.withClient(to: server) { client in
                try await client.serverStreaming(
                    request: ClientRequest(message: HelloRequest(name: "Ada", times: 3)),
                    descriptor: Greeter.countDown,
                    serializer: ProtoSerializer<HelloRequest>(),
                    deserializer: ProtoDeserializer<HelloReply>(),
                    options: .defaults
                ) { response in
                    var replies: [HelloReply] = []
                    for try await reply in response.messages { replies.append(reply) }
                    return replies
                }
            }
            #expect(replies == [HelloReply(greeting: "3"), HelloReply(greeting: "2"), HelloReply(greeting: "1", mood: .grumpy)])
        }
    }

    @Test func anUnmatchedCallIsUnimplementedWithTheNearMissReport() async throws {
        let mock = try Self.greeterMock()
        try await withMockServer(mock, configuration: Self.grpcConfiguration(for: mock)) { server in
            let error = try await Self.withClient(to: server) { client in
                await #expect(throws: RPCError.self) {
                    try await Self.sayHello(HelloRequest(name: "Jerry"), with: client)
                }
            }
            #expect(error?.code == .unimplemented)
            let message = try #require(error?.message)
            #expect(message.hasPrefix("No matching stub mapping found for gRPC request"))
            #expect(message.contains("Nearest stub"))
            #expect(message.contains("Jerry"))
            #expect(mock.unmatchedRequests.count == 1)
        }
    }

    @Test func theJournalHoldsTheMessageAsJSON() async throws {
        let mock = try Self.greeterMock()
        try await withMockServer(mock, configuration: Self.grpcConfiguration(for: mock)) { server in
            _ = try await Self.withClient(to: server) { client in
                try await Self.sayHello(HelloRequest(name: "Tom"), with: client)
            }
            try mock.verify(.exactly(1), .post(urlPath: "/understudy.test.Greeter/SayHello").body(try .equalToJson(#"{"name": "Tom"}"#)))
            let request = try #require(mock.serveEvents.first?.request)
            #expect(try JSONValue(parsing: request.body) == ["name": "Tom"])
            #expect(mock.unmatchedRequests.isEmpty)
        }
    }
}
