package import Foundation

/// A response body as a sequence of parts, each sent after its own pause: one part with no
/// pause for a plain body, several for a dribbled body or a stream.
package struct TimedBody: Sendable {
    /// Bytes to send after waiting ``delay`` (counted from the previous part, or from the
    /// head for the first part).
    package struct Part: Sendable, Equatable {
        package var delay: Duration
        package var bytes: Data

        package init(delay: Duration = .zero, bytes: Data) {
            self.delay = delay
            self.bytes = bytes
        }
    }

    /// What happens after the last part: the end of the response, a fault (an in-process
    /// transport throws the fault's `URLError`), or held open up to a cap.
    package typealias Ending = ResponseStream.Ending

    /// The parts in order; empty for a bodyless answer.
    package var parts: [Part]
    /// What happens after the last part.
    package var ending: Ending
    /// Whether the body is a stream (server-sent events or timed chunks): sent with chunked
    /// transfer encoding and no `Content-Length`, each part flushed at its time.
    package var isStream: Bool

    package init(parts: [Part], ending: Ending = .complete, isStream: Bool = false) {
        self.parts = parts
        self.ending = ending
        self.isStream = isStream
    }

    /// A body sent in one piece at once (no parts when `bytes` is empty).
    package init(_ bytes: Data) { self.init(parts: bytes.isEmpty ? [] : [Part(bytes: bytes)]) }

    /// Whether any part waits before it is sent.
    package var isTimed: Bool { parts.contains { $0.delay > .zero } }

    /// Whether the whole body can be handed over at once: no pause before any part and a
    /// normal end (no fault after the last part, not held open).
    package var arrivesAtOnce: Bool { !isTimed && ending == .complete }

    /// Every byte of the body, parts joined.
    package var data: Data {
        if parts.count == 1 { return parts[0].bytes }
        return parts.reduce(into: Data()) { $0.append($1.bytes) }
    }

    /// WireMock's `chunkedDribbleDelay`: `chunks` parts (at most one per byte) of
    /// `count / chunks` bytes, the remainder added to the last, each sent after
    /// `total / chunks`, so the whole body takes `total` (WireMock 3.13.2
    /// `servlet/BodyChunker.java` and `WireMockHandlerDispatchingServlet.java`).
    package static func dribbled(_ bytes: Data, chunks: Int, over total: Duration) -> TimedBody {
        guard !bytes.isEmpty else { return TimedBody(parts: []) }
        let count = max(1, min(chunks, bytes.count))
        let size = bytes.count / count
        let interval = total / count
        var parts: [Part] = []
        parts.reserveCapacity(count)
        for index in 0..<count {
            let start = bytes.startIndex + index * size
            let end = index == count - 1 ? bytes.endIndex : start + size
            parts.append(Part(delay: interval, bytes: bytes[start..<end]))
        }
        return TimedBody(parts: parts)
    }
}
