import Understudy
import Foundation
import UnderstudyJSON
import UnderstudySupport

extension StubRecorder {
    /// Pieces that arrived less than this after the start of a chunk join that chunk.
    static let chunkJoinWindow: Duration = .milliseconds(1)

    /// The recorded answer as a stream with its observed pauses (the rules are in
    /// ``RecordSpec/streamTimeScale``), or `nil` when it keeps a plain body.
    static func stream(for recorded: RecordedResponse, spec: RecordSpec) -> ResponseStream? {
        guard let timeline = recorded.timeline, !recorded.body.isEmpty, timeline.byteCount == recorded.body.count else { return nil }
        let pieces = slices(of: recorded.body, timeline)
        let contentType = recorded.headers["Content-Type"]?.lowercased()
        let encoded = recorded.headers["Content-Encoding"].map { !$0.trimmingCharacters(in: .whitespaces).caseInsensitiveEquals("identity") } ?? false
        let mediaType = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }
        if !encoded, mediaType == "text/event-stream", let events = events(in: pieces, body: recorded.body, spec: spec) {
            return ResponseStream(.events(events))
        }
        guard recorded.headers["Content-Length"] == nil, timeline.spread > RecordSpec.streamSpreadThreshold else { return nil }
        // Redaction works on whole JSON documents: a chunked one with a secret is recorded whole.
        if !encoded, contentType.map(isJSON) ?? true, let json = try? JSONParser.parse(recorded.body), json.isContainer,
           redacting(json, spec.redaction, with: .string(RecordSpec.Redaction.placeholder)) != json {
            return nil
        }
        return ResponseStream(.chunks(chunks(of: pieces, textual: !encoded && !isBinary(contentType), spec: spec)))
    }

    /// The body cut where the timeline's pieces end, each with its arrival.
    private static func slices(of body: Data, _ timeline: BodyTimeline) -> [(bytes: Data, arrival: Duration)] {
        var start = body.startIndex
        return timeline.pieces.map { piece in
            let end = start + piece.byteCount
            defer { start = end }
            return (body[start..<end], piece.arrival)
        }
    }

    /// The events of a `text/event-stream` body, each after the pause observed before the read
    /// that completed it; `nil` when the body is not UTF-8, holds no event or ends inside one.
    private static func events(in pieces: [(bytes: Data, arrival: Duration)], body: Data, spec: RecordSpec) -> [ServerSentEvent]? {
        guard isUTF8(body) else { return nil }
        var parser = ServerSentEventParser()
        var events: [(event: ServerSentEvent, arrival: Duration)] = []
        for piece in pieces {
            for var event in parser.consume(piece.bytes) {
                if let data = event.data, let json = try? JSONParser.parse(Data(data.utf8)), json.isContainer {
                    let redacted = redacting(json, spec.redaction, with: .string(RecordSpec.Redaction.placeholder))
                    if redacted != json { event.data = redacted.jsonText() }
                }
                events.append((event, piece.arrival))
            }
        }
        guard parser.isAtEventBoundary, !events.isEmpty else { return nil }
        return zip(events, pauses(before: events.map(\.arrival), scale: spec.effectiveStreamTimeScale)).map { timed, pause in
            var event = timed.event
            event.delay = pause
            return event
        }
    }

    /// One chunk per read from upstream (reads within ``chunkJoinWindow`` of a chunk's start
    /// join it), each after its observed pause; text when it is UTF-8 in a textual body.
    private static func chunks(of pieces: [(bytes: Data, arrival: Duration)], textual: Bool, spec: RecordSpec) -> [BodyChunk] {
        var joined: [(bytes: Data, arrival: Duration)] = []
        for piece in pieces {
            if let last = joined.last, piece.arrival - last.arrival < chunkJoinWindow {
                joined[joined.count - 1].bytes.append(piece.bytes)
            } else {
                joined.append((Data(piece.bytes), piece.arrival))
            }
        }
        return zip(joined, pauses(before: joined.map(\.arrival), scale: spec.effectiveStreamTimeScale)).map { piece, pause in
            if textual, isUTF8(piece.bytes) { return .text(String(decoding: piece.bytes, as: UTF8.self), after: pause) }
            return .bytes(piece.bytes, after: pause)
        }
    }

    /// The pause before each part that arrived at `arrivals` (in order, counted from the
    /// request), times `scale`, in whole milliseconds. Each arrival is scaled and rounded, then
    /// the pauses are their differences, so rounding does not add up: the pauses up to a part
    /// add up to its scaled arrival, rounded.
    static func pauses(before arrivals: [Duration], scale: Double) -> [Duration] {
        var previous: Int64 = 0
        return arrivals.map { arrival in
            let milliseconds = max(Int64((max(arrival, .zero) / .milliseconds(1) * scale).rounded()), previous)
            defer { previous = milliseconds }
            return .milliseconds(milliseconds - previous)
        }
    }

    private static func isUTF8(_ bytes: Data) -> Bool {
        String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
    }
}
