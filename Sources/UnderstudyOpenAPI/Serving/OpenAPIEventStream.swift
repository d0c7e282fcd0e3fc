import Understudy
import UnderstudyClient

/// The events of an operation answered with `text/event-stream`, from the body the document's
/// example (or schema) gives, so that the answer is a real event stream rather than one
/// generated word with a `Content-Length`:
/// - a string written as an event stream (`data: …` lines, blank lines between events) is read
///   as those events;
/// - a list is one event per item: an item with a `data` member is an event object (`event`,
///   `id`, `retry` beside it; `data` that is not a string is sent as JSON), any other item is
///   the `data` of its event (JSON unless it is a string);
/// - anything else is one event with that data.
enum OpenAPIEventStream {
    /// Whether a media type is `text/event-stream`.
    static func isEventStream(_ contentType: String?) -> Bool {
        contentType.map { OpenAPIMediaType.essence($0) == "text/event-stream" } ?? false
    }

    /// The events `body` describes.
    static func events(of body: ResponseBody) -> [ServerSentEvent] {
        switch body {
        case .text(let text) where text.contains("data:") || text.contains("event:"):
            var parser = EventStreamParser()
            var events: [ServerSentEvent] = []
            // A stream that does not end with a blank line still ends its last event.
            for line in (text + "\n\n").split(separator: "\n", omittingEmptySubsequences: false) {
                let line = line.hasSuffix("\r") ? line.dropLast() : line
                if let received = parser.consume(line) {
                    events.append(ServerSentEvent(id: received.id, event: received.event == "message" ? nil : received.event,
                                                  data: received.data, retry: received.retry))
                }
            }
            return events
        case .text(let text):
            return [ServerSentEvent(data: text)]
        case .json(.array(let items)):
            return items.map(event(of:))
        case .json(let value):
            return [event(of: value)]
        default:
            return []
        }
    }

    private static func event(of item: JSONValue) -> ServerSentEvent {
        guard case .object(let object) = item, let data = object["data"] else {
            return ServerSentEvent(data: item.stringValue ?? item.jsonText())
        }
        return ServerSentEvent(id: object["id"].map { $0.stringValue ?? $0.jsonText() }, event: object["event"]?.stringValue,
                               data: data.stringValue ?? data.jsonText(), retry: object["retry"]?.intValue)
    }
}
