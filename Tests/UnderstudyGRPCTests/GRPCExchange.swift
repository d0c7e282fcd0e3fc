import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Understudy
@testable import UnderstudyGRPC
import UnderstudyJSON
import UnderstudyServer

/// One gRPC call on an HTTP/2 stream's handlers, driven without a socket: the server's own
/// stream pipeline (`ConnectionHandlers.installHTTP2Stream`, which the HTTP/2 connection puts
/// behind NIO's frame-to-HTTP/1 codec) on an `EmbeddedChannel`, so the stream takeover, the
/// mock and the gRPC handler all run as in a server; time moves only when the test says.
final class GRPCExchange {
    let channel = EmbeddedChannel()
    let codec: ProtoJSONCodec
    private var answer: [UInt8] = []
    private(set) var head: HTTPResponseHead?
    private(set) var trailers: NIOHTTP1.HTTPHeaders?

    /// A call on a server of its own for `mock`, or on `server`'s (streams of one server share
    /// its admin state: the dashboard's feed).
    init(mock: HTTPMock, server: ConnectionHandlers? = nil) throws {
        let handlers = try server ?? Self.server(for: mock)
        codec = ProtoJSONCodec(pool: mock.grpc.pool)
        try handlers.installHTTP2Stream(on: channel)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 50051)).wait()
    }

    /// A server's stream handlers serving gRPC from `mock`, with the test descriptor set loaded.
    static func server(for mock: HTTPMock) throws -> ConnectionHandlers {
        try mock.grpc.load(descriptorSet: Data(contentsOf: Fixtures.grpcRoot.appendingPathComponent("grpc/greetings.dsc")), named: "greetings.dsc")
        var configuration = MockServerConfiguration()
        configuration.serveGRPC(for: mock)
        return ConnectionPipeline.handlers(mock: mock, configuration: configuration, scheme: "http")
    }

    /// The call's head: `POST path` with gRPC's content type (and `grpc-timeout`, when given),
    /// and `metadata`, gRPC's custom metadata (HTTP/2 headers).
    func start(_ path: String, timeout: String? = nil, contentType: String = "application/grpc",
               metadata: [(String, String)] = []) throws {
        var headers = NIOHTTP1.HTTPHeaders([("host", "localhost"), ("content-type", contentType), ("te", "trailers")] + metadata)
        if let timeout { headers.add(name: "grpc-timeout", value: timeout) }
        try channel.writeInbound(HTTPServerRequestPart.head(HTTPRequestHead(version: .http2, method: .POST, uri: path, headers: headers)))
    }

    /// One request message, as bytes, framed.
    func send(bytes message: [UInt8]) throws {
        try channel.writeInbound(HTTPServerRequestPart.body(ByteBuffer(bytes: GRPCMessageFramer.frame(message))))
    }

    /// One request message, from its JSON, framed.
    func send(_ json: String, type: String = "understudy.test.HelloRequest") throws {
        let message = try codec.message(fromJSON: JSONValue(parsing: json), type: type)
        try channel.writeInbound(HTTPServerRequestPart.body(ByteBuffer(bytes: GRPCMessageFramer.frame(message))))
    }

    /// The client is done sending.
    func end() throws { try channel.writeInbound(HTTPServerRequestPart.end(nil)) }

    func advance(by amount: TimeAmount) { channel.embeddedEventLoop.advanceTime(by: amount) }

    /// Reads what the server wrote since the last call; the messages it completed, as JSON.
    func received(type: String = "understudy.test.HelloReply") throws -> [JSONValue] {
        try receivedMessages().map { try codec.json(fromMessage: $0, type: type) }
    }

    /// Reads what the server wrote since the last call; the messages it completed, as bytes.
    func receivedMessages() throws -> [[UInt8]] {
        while let part = try channel.readOutbound(as: HTTPServerResponsePart.self) {
            switch part {
            case .head(let head): self.head = head
            case .body(.byteBuffer(let buffer)): answer += buffer.readableBytesView
            case .body: break
            case .end(let trailers): self.trailers = trailers ?? NIOHTTP1.HTTPHeaders()
            }
        }
        var framer = GRPCMessageFramer(maxMessageBytes: .max)
        let messages = try framer.append(answer)
        answer = []
        return messages
    }

    /// The `grpc-status` trailer, once the call has ended.
    var status: Int? { trailers?.first(name: "grpc-status").flatMap { Int($0) } }

    /// The `grpc-message` trailer, percent-decoded.
    var message: String? { trailers?.first(name: "grpc-message")?.removingPercentEncoding }
}

/// A stub in WireMock's gRPC extension's JSON, as its docs (`docs/index.md`, "Stubbing") write one.
func grpcStub(_ method: String, body: String? = nil, answer: String, status: String = "OK", reason: String? = nil,
              extra: String = "") throws -> StubMapping {
    let reasonHeader = reason.map { #", "grpc-status-reason": \#(jsonString($0))"# } ?? ""
    let pattern = body.map { #", "bodyPatterns": [{"equalToJson": \#(jsonString($0))}]"# } ?? ""
    let json = #"""
        {"request": {"urlPath": "/understudy.test.Greeter/\#(method)", "method": "POST"\#(pattern)},
         "response": {"status": 200, "body": \#(jsonString(answer)), "headers": {"grpc-status-name": "\#(status)"\#(reasonHeader)}\#(extra)}}
        """#
    return try WireMockMappings.decodeMapping(Data(json.utf8))
}

func jsonString(_ text: String) -> String { JSONValue.string(text).jsonText() }
