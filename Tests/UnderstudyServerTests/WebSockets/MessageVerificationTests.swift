import Foundation
import Testing
import Understudy
import UnderstudyServer
import UnderstudyMessaging

/// Verifying what sockets received, and the near-miss reports of messages no stub answered:
/// the nearest stub and the first field that differs, as the HTTP side reports requests.
@Suite(.timeLimit(.minutes(1)))
struct MessageVerificationTests {
    private func chatMock() -> HTTPMock {
        let mock = HTTPMock()
        mock.webSocket(urlPath: "/chat") { socket in
            socket.on(.equalTo("hello")) { $0.send("world") }
        }
        mock.webSocket(urlPath: "/prices") { socket in
            socket.on(.matchesJsonPath("$.subscribe")) { $0.send("subscribed") }
        }
        return mock
    }

    @Test func aMessageNoStubAnsweredIsReportedWithItsNearestStubAndWhy() async throws {
        let mock = chatMock()
        try await withMockServer(mock) { server in
            try await withWebSocket(server, path: "/chat") { socket in
                try await socket.send("helo")
                try await socket.send("hello")
                #expect(try await socket.nextMessage() == .text("world"))
            }
        }
        let unanswered = mock.messages.unansweredMessages
        #expect(unanswered.map(\.message) == [.text("helo")])
        let nearest = mock.messages.nearMisses(for: .text("helo"), openedBy: unanswered[0].channel.openingRequest)
        // The /chat stub first: its channel matches and only the body differs.
        let paths = nearest.map { $0.comparisons.first { $0.field == "channel urlPath" } }
        #expect(paths.map(\.?.expected) == ["\"/chat\"", "\"/prices\""])
        #expect(paths.map(\.?.result.isExactMatch) == [true, false])
        #expect(nearest[0].distance < nearest[1].distance)
        #expect(nearest[0].comparisonLines.contains("  ✗ message body: expected equalTo \"hello\", got helo"))
        let report = try #require(mock.messages.unansweredMessagesReport())
        #expect(report.contains("1 message(s) matched no message stub:"))
        #expect(report.contains("\"helo\" on GET /chat: nearest"))
        #expect(report.contains("message body expected equalTo \"hello\", got helo"))
    }

    @Test func verifyCountsReceivedMessagesAndExplainsAMiss() async throws {
        let mock = chatMock()
        try await withMockServer(mock) { server in
            try await withWebSocket(server, path: "/chat") { socket in
                try await socket.send("hello")
                #expect(try await socket.nextMessage() == .text("world"))
                try await socket.send("hullo")
            }
            _ = await mock.messages.waitForEvents(matching: MessagePattern(body: .equalTo("hullo")), timeout: .seconds(10))
        }
        try mock.messages.verify(.exactly(1), received: MessagePattern(body: .equalTo("hello")))
        try mock.messages.verify(received: MessagePattern(channel: RequestPattern(method: .get, url: .urlPath("/chat"))))
        let error = try #require(throws: MessageVerificationError.self) {
            try mock.messages.verify(received: MessagePattern(body: .equalTo("goodbye")))
        }
        #expect(error.actualCount == 0)
        #expect(error.receivedMessages.map(\.message) == [.text("hello"), .text("hullo")])
        #expect(error.description.contains("Expected at least 1 message(s) received matching body equalTo \"goodbye\""))
        #expect(error.description.contains("Messages no stub answered (1):"))
        #expect(error.description.contains("\"hullo\" on GET /chat: nearest"))
        #expect(mock.messages.verificationFailure(.exactly(2), received: MessagePattern()) == nil)
        #expect(mock.messages.verificationFailure(.exactly(3), received: MessagePattern()) != nil)
    }
}
