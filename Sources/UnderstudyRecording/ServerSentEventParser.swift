import Foundation
import Understudy

/// Reads a `text/event-stream` body, fed in pieces as it arrives, back into the
/// ``ServerSentEvent`` values a stub would send: what recording a proxied stream needs.
///
/// Unlike a client's parser (the app side's `EventStreamParser`), it keeps what is on the wire
/// rather than what an application sees: comments, events without data, and each event's own
/// `id` (not the last one carried over). Lines end with CRLF, LF or CR, also when a CRLF is
/// split between two pieces; an event ends at a blank line. Within an event, several `data`
/// lines (and several comment lines) are joined with newlines, a later `id`, `event` or
/// `retry` wins, a `retry` that is not all digits and an `id` holding NUL are ignored (as
/// clients ignore them), and unknown fields are dropped. A byte-order mark at the start is
/// skipped.
package struct ServerSentEventParser: Sendable {
    /// The bytes of the line being read.
    private var line: [UInt8] = []
    /// The previous piece ended with CR: an LF starting this one ends no second line.
    private var afterCR = false
    /// No line has ended yet: the first may start with a byte-order mark.
    private var atFirstLine = true
    private var event = PendingEvent()

    private struct PendingEvent: Sendable {
        var id: String?
        var event: String?
        var data: [String] = []
        var retry: Int?
        var comments: [String] = []
        var hasFields = false
    }

    /// A parser at the start of a stream.
    package init() {}

    /// Whether everything consumed so far ended at an event's end: no part of an event (nor
    /// of a line) is waiting for more bytes.
    package var isAtEventBoundary: Bool { line.isEmpty && !event.hasFields }

    /// Takes the next piece of the body; returns the events it completed, in order.
    package mutating func consume(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var completed: [ServerSentEvent] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n") where afterCR:
                afterCR = false
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                afterCR = byte == UInt8(ascii: "\r")
                if let dispatched = endLine() { completed.append(dispatched) }
            default:
                afterCR = false
                line.append(byte)
            }
        }
        return completed
    }

    /// Ends the line read so far; returns the event a blank line completes.
    private mutating func endLine() -> ServerSentEvent? {
        defer { line = [] }
        if atFirstLine {
            atFirstLine = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        }
        guard !line.isEmpty else {
            defer { event = PendingEvent() }
            guard event.hasFields else { return nil }
            return ServerSentEvent(id: event.id, event: event.event, data: event.data.isEmpty ? nil : event.data.joined(separator: "\n"),
                                   retry: event.retry, comment: event.comments.isEmpty ? nil : event.comments.joined(separator: "\n"))
        }
        let text = String(decoding: line, as: UTF8.self)
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = text[...]
            value = ""
        }
        switch field {
        case "": event.comments.append(String(value))
        case "data": event.data.append(String(value))
        case "event": event.event = String(value)
        case "id" where !value.contains("\0"): event.id = String(value)
        case "retry":
            guard !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }), let milliseconds = Int(value) else { return nil }
            event.retry = milliseconds
        default: return nil
        }
        event.hasFields = true
        return nil
    }
}
