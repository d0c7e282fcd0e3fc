import Foundation
import Testing
import Understudy
@testable import UnderstudyServer
import UnderstudyTestSupport

/// Streams as clients we did not write see them: `curl -N` and a Python consumer that follows
/// the WHATWG parsing rules (`Tests/E2E/sse_consumer.py`, standard library only).
struct StreamingClientTests {
    static let consumer = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("E2E/sse_consumer.py")

    /// The events of the test, one a multi-line `data`, one whose `é` is split between two
    /// chunks on the wire.
    private func mock() -> HTTPMock {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/events"), .ok.eventStream([
            .event("greeting", data: "hello", id: "1"),
            .comment("keep-alive", after: .milliseconds(50)),
            .data("line one\nline two", retry: 3_000, after: .milliseconds(50)),
        ]))
        let cafe = Array("data: café\n\n".utf8)
        let split = cafe.firstIndex(of: 0xC3)! + 1
        mock.stub(.get(urlPath: "/split"), .ok.header("Content-Type", "text/event-stream").chunks([
            .bytes(Data(cafe[..<split])), .bytes(Data(cafe[split...]), after: .milliseconds(50)),
        ]))
        return mock
    }

    /// Runs a command to its end and returns its standard output.
    private func output(of arguments: [String]) async throws -> String {
        let result = try await run(arguments)
        #expect(result.status == 0, "\(arguments[0]) exited with \(result.status): \(result.standardError)")
        return result.standardOutput
    }

    @Test(.timeLimit(.minutes(1)))
    func curlReceivesTheStreamAsWritten() async throws {
        try await withMockServer(mock()) { server in
            let text = try await output(of: ["curl", "-N", "-s", try server.baseURL.appendingPathComponent("events").absoluteString])
            #expect(text == "id: 1\nevent: greeting\ndata: hello\n\n: keep-alive\n\ndata: line one\ndata: line two\nretry: 3000\n\n")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aPythonConsumerDispatchesTheEventsInOrderWithTheirTimes() async throws {
        try await withMockServer(mock()) { server in
            let lines = try await output(of: ["python3", Self.consumer.path, try server.baseURL.appendingPathComponent("events").absoluteString])
                .split(separator: "\n").map { try JSONParser.parse(String($0)) }
            #expect(lines.count == 3, "\(lines)")
            #expect(lines.first?["status"] == 200)
            #expect(lines.first?["contentType"] == "text/event-stream")
            #expect(lines.dropFirst().first?["event"] == "greeting")
            #expect(lines.dropFirst().first?["data"] == "hello")
            #expect(lines.dropFirst().first?["id"] == "1")
            #expect(lines.last?["event"] == "message")
            #expect(lines.last?["data"] == "line one\nline two")
            #expect(lines.last?["retry"] == 3_000)
            #expect(lines.last?["id"] == "1", "the last event id carries over")
            #expect((lines.last?["ms"]?.intValue ?? 0) >= 100, "sent after its pauses")
            let split = try await output(of: ["python3", Self.consumer.path, try server.baseURL.appendingPathComponent("split").absoluteString])
                .split(separator: "\n").map { try JSONParser.parse(String($0)) }
            #expect(split.last?["data"] == "café")
        }
    }
}
