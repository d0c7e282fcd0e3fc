import Foundation
import Testing
@testable import Understudy
import UnderstudyRecording

/// A `text/event-stream` body read back into events, whatever the reads it arrives in.
struct ServerSentEventParserTests {
    /// Every way of cutting `text` into pieces at the given sizes, fed in turn.
    static func parse(_ text: String, pieceSize: Int) -> (events: [ServerSentEvent], atBoundary: Bool) {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(start + pieceSize, bytes.count)
            events += parser.consume(bytes[start..<end])
            start = end
        }
        return (events, parser.isAtEventBoundary)
    }

    static let body = "\u{FEFF}: keep-alive\r\n\r\n"
        + "id: 1\r\nevent: delta\r\ndata: {\"text\": \"Hé\"}\r\n\r\n"
        + "data: line one\r\ndata:line two\r\ndata\r\nretry: 3000\r\n\r\n"
        + "event: ping\n\n"
        + ": first\n: second\ndata: x\rid: 7\r\rretry: soon\nunknown: y\nid: a\u{0}b\ndata: end\n\n"

    static let expected: [ServerSentEvent] = [
        .comment("keep-alive"),
        ServerSentEvent(id: "1", event: "delta", data: #"{"text": "Hé"}"#),
        ServerSentEvent(data: "line one\nline two\n", retry: 3000),
        ServerSentEvent(event: "ping"),
        ServerSentEvent(id: "7", data: "x", comment: "first\nsecond"),
        ServerSentEvent(data: "end"),
    ]

    /// One byte at a time splits every CRLF, the multi-byte `é` and the byte-order mark;
    /// other sizes cut events and lines at other places.
    @Test(arguments: [1, 2, 3, 5, 7, 16, 1000])
    func eventsSurviveAnySplit(pieceSize: Int) {
        let parsed = Self.parse(Self.body, pieceSize: pieceSize)
        #expect(parsed.events == Self.expected)
        #expect(parsed.atBoundary)
    }

    @Test func eachEventIsReturnedByThePieceThatCompletesIt() {
        var parser = ServerSentEventParser()
        #expect(parser.consume(Array("data: a\n".utf8)).isEmpty)
        #expect(!parser.isAtEventBoundary)
        #expect(parser.consume(Array("\r".utf8)) == [.data("a")])
        #expect(parser.isAtEventBoundary)
        // The LF after that CR ends no second line, so it dispatches nothing more.
        #expect(parser.consume(Array("\ndata: b\n\ndata: c\n\nda".utf8)) == [.data("b"), .data("c")])
        #expect(!parser.isAtEventBoundary, "a line is unfinished")
    }

    @Test func whatAStubWritesReadsBackTheSame() {
        let events: [ServerSentEvent] = [
            .event("greeting", data: "hello", id: "1"), .comment("keep-alive"), .data("two\nlines", retry: 500),
            ServerSentEvent(id: "", data: ""),
        ]
        let wire = events.map(\.wireText).joined()
        #expect(Self.parse(wire, pieceSize: 3).events == events)
    }
}
