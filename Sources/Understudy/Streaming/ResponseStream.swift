import Foundation
import UnderstudyJSON

/// A response body that arrives over time: server-sent events or timed chunks, and how the
/// stream ends. Set with ``ResponseDefinition/eventStream(_:then:)`` or
/// ``ResponseDefinition/chunks(_:then:)``; in mapping files `eventStream` or `chunks` (an
/// Understudy extension WireMock does not load).
public struct ResponseStream: Sendable, Hashable {
    /// What the stream sends.
    public enum Content: Sendable, Hashable {
        /// Server-sent events (`Content-Type: text/event-stream`).
        case events([ServerSentEvent])
        /// Timed chunks of any body.
        case chunks([BodyChunk])
    }

    /// How a stream ends after its last part.
    public enum Ending: Sendable, Hashable {
        /// Normally.
        case complete
        /// With one of WireMock's faults: the stream is cut after its last part.
        case fault(Fault)
        /// Held open, sending nothing more, until the client goes away or `cap` has passed.
        case heldOpen(cap: Duration)
    }

    /// What the stream sends.
    public var content: Content
    /// How it ends.
    public var ending: Ending

    /// A stream of `content` ending as `ending` says.
    public init(_ content: Content, ending: Ending = .complete) {
        self.content = content
        self.ending = ending
    }

    /// The timed parts: each event or chunk (each copy of a repeated event) after its pause.
    package var parts: [TimedBody.Part] {
        switch content {
        case .events(let events):
            var parts: [TimedBody.Part] = []
            for event in events {
                guard event.repetitions > 1 else {
                    parts.append(TimedBody.Part(delay: event.delay, bytes: Data(event.wireText.utf8)))
                    continue
                }
                let text = event.wireText
                for counter in 1...event.repetitions {
                    let copy = text.replacingOccurrences(of: "{{counter}}", with: String(counter))
                    parts.append(TimedBody.Part(delay: event.delay, bytes: Data(copy.utf8)))
                }
            }
            return parts
        case .chunks(let chunks):
            return chunks.map { TimedBody.Part(delay: $0.delay, bytes: $0.body.inlineData ?? Data()) }
        }
    }

    /// The body the plan sends.
    package var timedBody: TimedBody {
        return TimedBody(parts: parts, ending: ending, isStream: true)
    }

    /// The stream with every text (event fields, text and JSON chunks) passed through
    /// `transform`: how response templating reaches each event.
    func mapTexts<Failure: Error>(_ transform: (String) throws(Failure) -> String) throws(Failure) -> ResponseStream {
        var copy = self
        switch content {
        case .events(let events):
            var rendered: [ServerSentEvent] = []
            for var event in events {
                event.id = try event.id.map(transform)
                event.event = try event.event.map(transform)
                event.data = try event.data.map(transform)
                event.comment = try event.comment.map(transform)
                rendered.append(event)
            }
            copy.content = .events(rendered)
        case .chunks(let chunks):
            var rendered: [BodyChunk] = []
            for var chunk in chunks {
                switch chunk.body {
                case .text(let text): chunk.body = .text(try transform(text))
                case .json(let json):
                    let text = try transform(json.jsonText())
                    chunk.body = (try? JSONParser.parse(text)).map(ResponseBody.json) ?? .text(text)
                default: break
                }
                rendered.append(chunk)
            }
            copy.content = .chunks(rendered)
        }
        return copy
    }
}

extension ResponseDefinition {
    /// The response as a stream of server-sent events, with `Content-Type: text/event-stream`
    /// and `Cache-Control: no-cache` unless it sets its own.
    ///
    /// ```swift
    /// mock.stub(.post(urlPath: "/v1/chat/completions"), .ok.eventStream([
    ///     .data(#"{"delta": "Hel"}"#),
    ///     .data(#"{"delta": "lo"}"#, after: .milliseconds(30)),
    ///     .data("[DONE]"),
    /// ]))
    /// ```
    public func eventStream(_ events: [ServerSentEvent], then ending: ResponseStream.Ending = .complete) -> ResponseDefinition {
        var copy = self
        copy.body = .none
        copy.stream = ResponseStream(.events(events), ending: ending)
        if copy.headers["Content-Type"] == nil { copy.headers.add(name: "Content-Type", value: "text/event-stream") }
        if copy.headers["Cache-Control"] == nil { copy.headers.add(name: "Cache-Control", value: "no-cache") }
        return copy
    }

    /// The response as timed chunks, each written as its own chunk after its pause.
    public func chunks(_ chunks: [BodyChunk], then ending: ResponseStream.Ending = .complete) -> ResponseDefinition {
        var copy = self
        copy.body = .none
        copy.stream = ResponseStream(.chunks(chunks), ending: ending)
        return copy
    }
}
