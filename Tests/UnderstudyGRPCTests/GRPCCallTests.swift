import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing
import Understudy
@testable import UnderstudyGRPC
import UnderstudyJSON

/// gRPC calls served from stubs in WireMock's gRPC extension's format
/// (github.com/wiremock/wiremock-grpc-extension): `POST /<package.Service>/<Method>`, JSON body
/// patterns, JSON answers, `grpc-status-name` / `grpc-status-reason`
/// (`dsl/GrpcResponseDefinitionBuilder.java`), the HTTP-to-gRPC status table
/// (`internal/GrpcStatusUtils.java`) and the unary and client-streaming semantics
/// (`internal/UnaryServerCallHandler.java`, `internal/ClientStreamingServerCallHandler.java`).
struct GRPCCallTests {
    @Test func unaryCallIsMatchedOnItsMessageAsJSONAndAnsweredWithTrailers() throws {
        let mock = HTTPMock()
        mock.stub(try grpcStub("SayHello", body: #"{"name": "Tom"}"#, answer: #"{"greeting": "Hi Tom", "mood": "HAPPY"}"#))
        let call = try GRPCExchange(mock: mock)
        try call.start("/understudy.test.Greeter/SayHello")
        try call.send(#"{"name": "Tom"}"#)
        #expect(try call.received().isEmpty)    // a unary call is answered once the client is done
        try call.end()
        #expect(try call.received() == [Fixtures.json(#"{"greeting": "Hi Tom", "mood": "HAPPY"}"#)])
        #expect(call.head?.status == .ok)
        #expect(call.head?.headers.first(name: "content-type") == "application/grpc")
        #expect(call.status == 0 && call.message == nil)
        // The journal holds the call as the stub matched it: the message as JSON.
        let request = try #require(mock.serveEvents.first?.request)
        #expect(request.method == .post && request.path == "/understudy.test.Greeter/SayHello")
        #expect(try JSONValue(parsing: request.body) == Fixtures.json(#"{"name": "Tom"}"#))
        #expect(mock.unmatchedRequests.isEmpty)
    }

    @Test func aStatusNameAndReasonEndTheCallWithThatStatus() throws {
        let mock = HTTPMock()
        mock.stub(try grpcStub("SayHello", answer: "", status: "FAILED_PRECONDITION", reason: "Failed on some prerequisite"))
        let call = try GRPCExchange(mock: mock)
        try call.start("/understudy.test.Greeter/SayHello")
        try call.send(#"{"name": "Prereq failure"}"#)
        try call.end()
        #expect(try call.received().isEmpty)
        #expect(call.status == 9)
        #expect(call.message == "Failed on some prerequisite")
    }

    @Test(arguments: [(400, 13), (401, 16), (403, 7), (429, 14), (502, 14), (503, 14), (504, 14)])
    func plainHTTPStatusesMapAsTheExtensionMapsThem(http: Int, grpc: Int) throws {
        let mock = HTTPMock()
        mock.stub(StubMapping(.post(urlPath: "/understudy.test.Greeter/SayHello"), ResponseDefinition(status: http)))
        let call = try GRPCExchange(mock: mock)
        try call.start("/understudy.test.Greeter/SayHello")
        try call.send(#"{"name": "x"}"#)
        try call.end()
        _ = try call.received()
        #expect(call.status == grpc)
        #expect(call.message == GRPCStatus.mapping(httpStatus: http)?.message)
    }

    @Test func anUndescribedMethodIsUnimplemented() throws {
        let mock = HTTPMock()
        let call = try GRPCExchange(mock: mock)
        try call.start("/understudy.test.Greeter/Nope")
        _ = try call.received()
        #expect(call.status == 12)
        #expect(call.message == "Method not found: understudy.test.Greeter/Nope")
        #expect(mock.serveEvents.isEmpty)
    }

    @Test func anUnmatchedCallCarriesTheNearMissReport() throws {
        let mock = HTTPMock()
        mock.stub(try grpcStub("SayHello", body: #"{"name": "Tom"}"#, answer: #"{"greeting": "Hi Tom"}"#))
        let call = try GRPCExchange(mock: mock)
        try call.start("/understudy.test.Greeter/SayHello")
        try call.send(#"{"name": "Jerry"}"#)
        try call.end()
        _ = try call.received()
        #expect(call.status == 12)
        let message = try #require(call.message)
        #expect(message.hasPrefix("No matching stub mapping found for gRPC request\n\n"))
        #expect(message.contains("Nearest stub"))
        #expect(message.contains("Jerry"))
        #expect(mock.unmatchedRequests.count == 1)
    }

    @Test func aTemplatedAnswerReadsTheRequestMessage() throws {
        let mock = HTTPMock()
        mock.stub(try grpcStub("SayHello", answer: #"{"greeting": "Hello {{jsonPath request.body '$.name'}}"}"#,
                               extra: #", "transformers": ["response-template"]"#))
        let call = try GRPCExchange(mock: mock)
        try call.start("/understudy.test.Greeter/SayHello")
        try call.send(#"{"name": "Ada"}"#)
        try call.end()
        #expect(try call.received() == [Fixtures.json(#"{"greeting": "Hello Ada"}"#)])
        #expect(call.status == 0)
    }

    @Test func anAnswerThatIsNotTheOutputMessageIsAnInternalError() throws {
        let mock = HTTPMock()
        mock.stub(try grpcStub("SayHello", answer: #"{"salutation": "Hi"}"#))
        let call = try GRPCExchange(mock: mock)
        try call.start("/understudy.test.Greeter/SayHello")
        try call.send(#"{"name": "Ada"}"#)
        try call.end()
        _ = try call.received()
        #expect(call.status == 13)
        #expect(call.message == #"the stub's answer is not a understudy.test.HelloReply: understudy.test.HelloReply has no field "salutation""#)
    }

    @Test func serverStreamingSendsOneMessagePerElementSpacedByTheDribbleDelay() throws {
        let mock = HTTPMock()
        mock.stub(try grpcStub("CountDown", answer: #"[{"greeting": "3"}, {"greeting": "2"}, {"greeting": "1"}]"#,
                               extra: #", "fixedDelayMilliseconds": 100, "chunkedDribbleDelay": {"numberOfChunks": 3, "totalDuration": 600}"#))
        let call = try GRPCExchange(mock: mock)
        try call.start("/understudy.test.Greeter/CountDown")
        try call.send(#"{"name": "x", "times": 3}"#)
        try call.end()
        #expect(try call.received().isEmpty)
        call.advance(by: .milliseconds(100))
        #expect(try call.received() == [Fixtures.json(#"{"greeting": "3"}"#)])
        call.advance(by: .milliseconds(199))
        #expect(try call.received().isEmpty)
        call.advance(by: .milliseconds(1))
        #expect(try call.received() == [Fixtures.json(#"{"greeting": "2"}"#)])
        #expect(call.status == nil)
        call.advance(by: .milliseconds(200))
        #expect(try call.received() == [Fixtures.json(#"{"greeting": "1"}"#)])
        #expect(call.status == 0)
    }

    @Test func aLateWakeUpDelaysOneStreamedMessageNotEveryMessageAfterIt() throws {
        let mock = HTTPMock()
        mock.stub(try grpcStub("CountDown", answer: #"[{"greeting": "4"}, {"greeting": "3"}, {"greeting": "2"}, {"greeting": "1"}]"#,
                               extra: #", "chunkedDribbleDelay": {"numberOfChunks": 4, "totalDuration": 400}"#))
        let call = try GRPCExchange(mock: mock)
        // The event loop wakes 60 ms late for the second message: a task due at the same time,
        // scheduled first (so run first: the embedded loop runs tasks due together in the order
        // they were scheduled), moves the clock on before the stream's timer runs.
        let loop = call.channel.embeddedEventLoop
        loop.scheduleTask(deadline: loop.now + .milliseconds(100)) { loop.advanceTime(by: .milliseconds(60)) }
        try call.start("/understudy.test.Greeter/CountDown")
        try call.send(#"{"name": "x"}"#)
        try call.end()
        #expect(try call.received() == [Fixtures.json(#"{"greeting": "4"}"#)])
        call.advance(by: .milliseconds(100))
        #expect(try call.received() == [Fixtures.json(#"{"greeting": "3"}"#)])
        // The third message is still due 200 ms after the first, not 100 ms after the late second.
        call.advance(by: .milliseconds(100))
        #expect(try call.received() == [Fixtures.json(#"{"greeting": "2"}"#)])
        call.advance(by: .milliseconds(100))
        #expect(try call.received() == [Fixtures.json(#"{"greeting": "1"}"#)])
        #expect(call.status == 0)
    }

    @Test func aStaticAnswerIsEncodedOnceAndATemplatedOneForEveryCall() throws {
        let mock = HTTPMock()
        mock.stub(try grpcStub("SayHello", answer: #"{"greeting": "Hello {{jsonPath request.body '$.name'}}"}"#,
                               extra: #", "transformers": ["response-template"]"#))
        mock.stub(try grpcStub("SayHello", body: #"{"name": "Tom"}"#, answer: #"{"greeting": "Hi Tom"}"#))
        let server = try GRPCExchange.server(for: mock)
        for (name, greeting) in [("Tom", "Hi Tom"), ("Tom", "Hi Tom"), ("Ada", "Hello Ada"), ("Bob", "Hello Bob")] {
            let call = try GRPCExchange(mock: mock, server: server)
            try call.start("/understudy.test.Greeter/SayHello")
            try call.send(#"{"name": "\#(name)"}"#)
            try call.end()
            #expect(try call.received() == [Fixtures.json(#"{"greeting": "\#(greeting)"}"#)])
        }
        // The static stub's answer, once; the templated one is not kept.
        #expect(mock.grpc.answers.count == 1)
        try mock.grpc.load(descriptorSet: Data(contentsOf: Fixtures.grpcRoot.appendingPathComponent("grpc/greetings.dsc")), named: "greetings.dsc")
        #expect(mock.grpc.answers.count == 0)
    }

    /// A call that encoded its answer while the descriptors were loaded again must not leave
    /// that encoding, made by the types before, for later calls.
    @Test func anAnswerEncodedWhileTheDescriptorsReloadIsNotKept() {
        final class Key: Sendable {}
        let cache = GRPCAnswerCache()
        let key = Key()
        _ = cache.outcome(for: key, outputType: "Reply") {
            cache.removeAll()
            return .messages([[1]])
        }
        #expect(cache.count == 0)
        _ = cache.outcome(for: key, outputType: "Reply") { .messages([[2]]) }
        let kept = cache.outcome(for: key, outputType: "Reply") { .messages([[3]]) }
        guard case .messages(let messages) = kept else { Issue.record("not messages: \(kept)"); return }
        #expect(messages == [[2]])
    }

    @Test func clientStreamingIsAnsweredByTheFirstMessageThatMatches() throws {
        let mock = HTTPMock()
        mock.stub(try grpcStub("GatherNames", body: #"{"name": "Bob"}"#, answer: #"{"greeting": "found Bob"}"#))
        mock.stub(try grpcStub("GatherNames", body: #"{"name": "Cy"}"#, answer: #"{"greeting": "found Cy"}"#))
        let call = try GRPCExchange(mock: mock)
        try call.start("/understudy.test.Greeter/GatherNames")
        for name in ["Ada", "Bob", "Cy"] { try call.send(#"{"name": "\#(name)"}"#) }
        #expect(try call.received().isEmpty)
        try call.end()
        #expect(try call.received() == [Fixtures.json(#"{"greeting": "found Bob"}"#)])
        #expect(call.status == 0)
        // Ada missed, Bob matched, and Cy was not matched any more.
        #expect(mock.serveEvents.count == 2)
    }

    @Test func clientStreamingWithNoMatchIsUnimplemented() throws {
        let mock = HTTPMock()
        mock.stub(try grpcStub("GatherNames", body: #"{"name": "Bob"}"#, answer: #"{"greeting": "found Bob"}"#))
        let call = try GRPCExchange(mock: mock)
        try call.start("/understudy.test.Greeter/GatherNames")
        try call.send(#"{"name": "Ada"}"#)
        try call.end()
        _ = try call.received()
        #expect(call.status == 12)
        #expect(call.message?.contains("Nearest stub") == true)
    }

    @Test func bidiAnswersEachMessageAsItArrives() throws {
        let mock = HTTPMock()
        mock.stub(try grpcStub("Chat", answer: #"[{"greeting": "Hi {{jsonPath request.body '$.name'}}"}, {"greeting": "again"}]"#,
                               extra: #", "transformers": ["response-template"]"#))
        let call = try GRPCExchange(mock: mock)
        try call.start("/understudy.test.Greeter/Chat")
        try call.send(#"{"name": "Ada"}"#)
        #expect(try call.received() == [Fixtures.json(#"{"greeting": "Hi Ada"}"#), Fixtures.json(#"{"greeting": "again"}"#)])
        try call.send(#"{"name": "Bob"}"#)
        #expect(try call.received() == [Fixtures.json(#"{"greeting": "Hi Bob"}"#), Fixtures.json(#"{"greeting": "again"}"#)])
        #expect(call.status == nil)
        try call.end()
        _ = try call.received()
        #expect(call.status == 0)
        #expect(mock.serveEvents.count == 2)
    }

    @Test func theDeadlineEndsTheCallWithDeadlineExceeded() throws {
        let mock = HTTPMock()
        mock.stub(try grpcStub("SayHello", answer: #"{"greeting": "late"}"#, extra: #", "fixedDelayMilliseconds": 5000"#))
        let call = try GRPCExchange(mock: mock)
        try call.start("/understudy.test.Greeter/SayHello", timeout: "200m")
        try call.send(#"{"name": "x"}"#)
        try call.end()
        call.advance(by: .milliseconds(199))
        #expect(try call.received().isEmpty && call.status == nil)
        call.advance(by: .milliseconds(1))
        #expect(try call.received().isEmpty)
        #expect(call.status == 4)
        call.advance(by: .seconds(5))
        #expect(try call.received().isEmpty)
    }

    @Test func aFaultResetsTheStream() throws {
        let mock = HTTPMock()
        mock.stub(StubMapping(.post(urlPath: "/understudy.test.Greeter/SayHello"), ResponseDefinition(fault: .emptyResponse)))
        let call = try GRPCExchange(mock: mock)
        try call.start("/understudy.test.Greeter/SayHello")
        try call.send(#"{"name": "x"}"#)
        try call.end()
        _ = try call.received()
        #expect(call.status == nil)
        #expect(!call.channel.isActive)
    }

    /// Understudy's `chunks` (each chunk one message, after its `delayMilliseconds`) with
    /// `thenFault`: the stream is reset after the messages, with no status.
    @Test func chunksThenAFaultResetTheStreamAfterTheirMessages() throws {
        let mock = HTTPMock()
        mock.stub(try WireMockMappings.decodeMapping(Data(#"""
            {"request": {"urlPath": "/understudy.test.Greeter/CountDown", "method": "POST"},
             "response": {"status": 200, "headers": {"grpc-status-name": "OK"},
                          "chunks": [{"jsonBody": {"greeting": "3"}}, {"jsonBody": {"greeting": "2"}, "delayMilliseconds": 100}],
                          "thenFault": "CONNECTION_RESET_BY_PEER"}}
            """#.utf8)))
        let call = try GRPCExchange(mock: mock)
        try call.start("/understudy.test.Greeter/CountDown")
        try call.send(#"{"name": "x"}"#)
        try call.end()
        #expect(try call.received() == [Fixtures.json(#"{"greeting": "3"}"#)])
        #expect(call.channel.isActive)
        call.advance(by: .milliseconds(99))
        #expect(try call.received().isEmpty)
        call.advance(by: .milliseconds(1))
        #expect(try call.received() == [Fixtures.json(#"{"greeting": "2"}"#)])
        #expect(call.status == nil)
        #expect(!call.channel.isActive)
    }

    @Test func aCallThatIsNotGRPCIsServedAsPlainHTTP() throws {
        let mock = HTTPMock()
        mock.stub(StubMapping(.post(urlPath: "/understudy.test.Greeter/SayHello"), ResponseDefinition(status: 201)))
        let call = try GRPCExchange(mock: mock)
        try call.start("/understudy.test.Greeter/SayHello", contentType: "application/json")
        try call.end()
        _ = try call.received()
        #expect(call.head?.status == .created)
        #expect(call.trailers?.first(name: "grpc-status") == nil)
    }

    @Test func statusMessagesArePercentEncoded() {
        #expect(GRPCStatus.percentEncoded("50% off\nnow ☃") == "50%25 off%0Anow %E2%98%83")
        #expect(GRPCStatus(name: "NOT_FOUND")?.code == 5)
        #expect(GRPCStatus(name: "nope") == nil)
    }
}

