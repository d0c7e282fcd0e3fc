/// One server-sent event, or a comment line, sent after its own pause.
///
/// ```swift
/// mock.stub(.get(urlPath: "/events"), .ok.eventStream([
///     .event("greeting", data: "hello", id: "1"),
///     .comment("keep-alive", after: .milliseconds(100)),
///     .data(#"{"n": 2}"#, retry: 3_000),
/// ]))
/// ```
/// On the wire (the WHATWG server-sent events format) each event is its fields, one per line,
/// then a blank line; multi-line `data` becomes one `data:` line per line.
public struct ServerSentEvent: Sendable, Hashable {
    /// `id:`, the event id a reconnecting client sends back as `Last-Event-ID`.
    public var id: String?
    /// `event:`, the event type (`message` when absent).
    public var event: String?
    /// `data:`; several lines become several `data:` lines.
    public var data: String?
    /// `retry:`, the reconnection time in milliseconds.
    public var retry: Int?
    /// `:` a comment line, which clients ignore (a keep-alive).
    public var comment: String?
    /// The pause before this event, counted from the previous one (or from the head).
    public var delay: Duration
    /// How many times the event is sent, each copy after ``delay``; `{{counter}}` in its text
    /// becomes 1, 2, 3… (a stream of 10 000 events need not be 10 000 lines).
    public var repetitions: Int

    /// Creates an event; every field is optional.
    public init(id: String? = nil, event: String? = nil, data: String? = nil, retry: Int? = nil, comment: String? = nil,
                after delay: Duration = .zero, repetitions: Int = 1) {
        self.id = id
        self.event = event
        self.data = data
        self.retry = retry
        self.comment = comment
        self.delay = delay
        self.repetitions = repetitions
    }

    /// An event of type `name` carrying `data`.
    public static func event(_ name: String, data: String, id: String? = nil, retry: Int? = nil,
                             after delay: Duration = .zero) -> ServerSentEvent {
        ServerSentEvent(id: id, event: name, data: data, retry: retry, after: delay)
    }

    /// An event of the default type (`message`) carrying `data`.
    public static func data(_ data: String, id: String? = nil, retry: Int? = nil, after delay: Duration = .zero) -> ServerSentEvent {
        ServerSentEvent(id: id, data: data, retry: retry, after: delay)
    }

    /// A comment line (`: text`), which clients ignore: a keep-alive.
    public static func comment(_ text: String, after delay: Duration = .zero) -> ServerSentEvent {
        ServerSentEvent(comment: text, after: delay)
    }

    /// The event sent `count` times, each copy after its pause, `{{counter}}` counting 1…count.
    public func repeated(_ count: Int) -> ServerSentEvent {
        var copy = self
        copy.repetitions = count
        return copy
    }

    /// The event's lines on the wire, ending with the blank line that dispatches it, for
    /// example `"id: 1\nevent: greeting\ndata: hello\n\n"`.
    public var wireText: String {
        var text = ""
        if let comment {
            for line in Self.lines(comment) { text += ": \(line)\n" }
        }
        if let id { text += "id: \(id)\n" }
        if let event { text += "event: \(event)\n" }
        if let data {
            for line in Self.lines(data) { text += "data: \(line)\n" }
        }
        if let retry { text += "retry: \(retry)\n" }
        return text + "\n"
    }

    /// The lines of `text`, split at CRLF, LF or CR as the format's parser splits them.
    private static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }
}
