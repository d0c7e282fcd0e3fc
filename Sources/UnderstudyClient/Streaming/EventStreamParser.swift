/// One server-sent event as a client receives it.
public struct ReceivedEvent: Sendable, Hashable {
    /// The event type; `message` when the stream named none.
    public var event: String
    /// The data lines, joined with newlines.
    public var data: String
    /// The last event id the stream set (it carries over to later events), if any.
    public var id: String?
    /// The reconnection time the stream asked for, in milliseconds, if any.
    public var retry: Int?

    /// An event as received.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

/// Turns the lines of a `text/event-stream` body into events, following the WHATWG HTML
/// rules for interpreting an event stream: fields until a blank line, which dispatches the
/// event; `data` lines joined with newlines; comments (`:`) and unknown fields ignored; an
/// event without data is not dispatched; the last event id carries over.
///
/// ```swift
/// var parser = EventStreamParser()
/// var events: [ReceivedEvent] = []
/// for line in ["event: delta", "data: Hel", "", ": keep-alive", "data: lo", ""] {
///     if let event = parser.consume(line) { events.append(event) }
/// }
/// // events == [ReceivedEvent(event: "delta", data: "Hel"), ReceivedEvent(data: "lo")]
/// ```
public struct EventStreamParser: Sendable {
    private var data: [Substring] = []
    private var event = ""
    private var lastID: String?
    private var retry: Int?

    /// A parser at the start of a stream.
    public init() {}

    /// Takes one line (without its line break); returns the event a blank line dispatches.
    public mutating func consume(_ line: some StringProtocol) -> ReceivedEvent? {
        if line.isEmpty {
            defer {
                data = []
                event = ""
            }
            guard !data.isEmpty else { return nil }
            return ReceivedEvent(event: event.isEmpty ? "message" : event, data: data.joined(separator: "\n"), id: lastID, retry: retry)
        }
        if line.first == ":" { return nil }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = Substring(line[..<colon])
            value = Substring(line[line.index(after: colon)...])
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = Substring(line)
            value = ""
        }
        switch field {
        case "data": data.append(value)
        case "event": event = String(value)
        case "id" where !value.contains("\0"): lastID = String(value)
        case "retry": if let milliseconds = Int(value), value.allSatisfy(\.isASCII) { retry = milliseconds }
        default: break
        }
        return nil
    }
}
