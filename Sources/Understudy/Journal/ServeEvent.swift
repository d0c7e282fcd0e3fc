public import Foundation

/// One entry of the request journal: a request and how the mock answered it.
public struct ServeEvent: Sendable, Identifiable {
    /// The id of the request.
    public var id: UUID { request.id }
    /// The request as received.
    public let request: RecordedRequest
    // The stub as the registry holds it: a reference, so that journaling a request does not
    // copy the whole stub (that copy was a measurable share of the server's time per request).
    let entry: StubRegistry.Entry?
    /// The response when it is not the stub's static one (dynamic stubs, unmatched requests).
    let computedResponse: ResponseDefinition?
    /// The dynamic stub's response when its responder prepared it (``computedResponse`` is
    /// then its definition): its answer is planned once, not per request.
    private var prepared: PreparedResponse?
    /// Where the journal put this entry (`RequestJournal.append`), so that finishing it finds
    /// it without a scan; `nil` until journaled.
    var journalSequence: Int?

    /// The stub that answered, or `nil` when no stub matched.
    public var stub: StubMapping? { entry?.mapping }

    /// The response the mock chose (for unmatched requests, the 404 with the near-miss report).
    public var response: ResponseDefinition {
        computedResponse ?? entry?.mapping.response.definition ?? ResponseDefinition(status: 500)
    }

    /// The status of ``response``, read without copying the response (for logs that see every
    /// request).
    public var status: Int {
        computedResponse?.status ?? entry?.staticAnswer?.head.status ?? response.status
    }

    /// The answer planned in advance, when the event carries the stub's static response or a
    /// prepared one.
    var staticAnswer: StaticAnswer? {
        if computedResponse == nil { return entry?.staticAnswer }
        guard let prepared, let entry else { return nil }
        return prepared.answer(for: entry)
    }

    /// Whether a stub matched.
    public var wasMatched: Bool { entry != nil }

    /// The webhooks the stub that answered sends afterwards (read without copying the stub).
    var webhooks: [WebhookDefinition] { entry?.mapping.webhooks ?? [] }

    /// Whether the stub forwarded the request upstream; ``response`` is then what upstream
    /// answered (once it has answered).
    public private(set) var wasProxied = false

    /// The id and name of the stub that answered.
    public var stubIdentity: StubIdentity? {
        entry.map { StubIdentity(id: $0.mapping.id, name: $0.mapping.name) }
    }

    /// Creates an event.
    public init(request: RecordedRequest, stub: StubMapping?, response: ResponseDefinition) {
        self.request = request
        self.entry = stub.map { StubRegistry.Entry(mapping: $0, sequence: -1) }
        self.computedResponse = response
    }

    /// An event answered by a registry stub; `response` is `nil` for the stub's static response.
    init(request: RecordedRequest, entry: StubRegistry.Entry?, response: ResponseDefinition?, journalSequence: Int? = nil) {
        self.request = request
        self.entry = entry
        self.computedResponse = response
        self.journalSequence = journalSequence
    }

    /// This event as a journal keeps it, at `sequence` (a store outside the process numbers
    /// its entries itself).
    package func journaled(at sequence: Int?) -> ServeEvent {
        var event = self
        event.journalSequence = sequence
        return event
    }

    /// An event answered by a dynamic stub's prepared response.
    init(request: RecordedRequest, entry: StubRegistry.Entry, prepared: PreparedResponse, journalSequence: Int?) {
        self.init(request: request, entry: entry, response: prepared.definition, journalSequence: journalSequence)
        self.prepared = prepared
    }

    /// For a streamed response served by the loopback server, how much of it reached the
    /// client; `nil` until the stream is over, for other responses, and in process (where the
    /// caller, not the mock, reads the stream).
    public private(set) var streamDelivery: StreamDelivery?

    /// This event with its stream's delivery recorded.
    func delivered(_ delivery: StreamDelivery) -> ServeEvent {
        var event = self
        event.streamDelivery = delivery
        return event
    }

    /// For a request the loopback server proxied, when each piece of upstream's body arrived
    /// (what recording turns into a stream's pauses); `nil` for other requests, in process
    /// (where upstream's body arrives in one piece), and when the body was larger than the
    /// journal keeps.
    public private(set) var upstreamBodyTimeline: BodyTimeline?

    /// This event with the response upstream gave to the proxied request, and when its body's
    /// pieces arrived if that was observed.
    func proxied(_ upstream: ResponseDefinition, timeline: BodyTimeline?) -> ServeEvent {
        var event = ServeEvent(request: request, entry: entry, response: upstream)
        event.wasProxied = true
        event.journalSequence = journalSequence
        event.upstreamBodyTimeline = timeline
        return event
    }
}
