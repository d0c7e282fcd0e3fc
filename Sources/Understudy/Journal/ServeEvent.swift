public import Foundation

/// One entry of the request journal: a request and how the mock answered it.
public struct ServeEvent: Sendable, Identifiable {
    // Every field lives in one immutable box: an event is copied at every step of serving (into
    // the journal, the store's answer, the transport's plan), and copying one reference costs a
    // retain where copying the fields (a request, a response, a dozen references) cost a
    // memmove and a retain per reference each time.
    private final class Storage: Sendable {
        let request: RecordedRequest
        let entry: StubRegistry.Entry?
        let computedResponse: ResponseDefinition?
        let prepared: PreparedResponse?
        let wasProxied: Bool
        let streamDelivery: StreamDelivery?
        let upstreamBodyTimeline: BodyTimeline?

        init(request: RecordedRequest, entry: StubRegistry.Entry?, computedResponse: ResponseDefinition?,
             prepared: PreparedResponse? = nil, wasProxied: Bool = false,
             streamDelivery: StreamDelivery? = nil, upstreamBodyTimeline: BodyTimeline? = nil) {
            self.request = request
            self.entry = entry
            self.computedResponse = computedResponse
            self.prepared = prepared
            self.wasProxied = wasProxied
            self.streamDelivery = streamDelivery
            self.upstreamBodyTimeline = upstreamBodyTimeline
        }

        /// A copy with some fields changed.
        func with(streamDelivery: StreamDelivery?) -> Storage {
            Storage(request: request, entry: entry, computedResponse: computedResponse, prepared: prepared,
                    wasProxied: wasProxied, streamDelivery: streamDelivery, upstreamBodyTimeline: upstreamBodyTimeline)
        }
    }

    private let storage: Storage
    /// Where the journal put this entry (`RequestJournal.append`), so that finishing it finds
    /// it without a scan; `nil` until journaled. Kept outside the box, so that journaling an
    /// event built beforehand copies no field.
    let journalSequence: Int?

    private init(_ storage: Storage, journalSequence: Int?) {
        self.storage = storage
        self.journalSequence = journalSequence
    }

    /// The id of the request.
    public var id: UUID { storage.request.id }
    /// The request as received.
    public var request: RecordedRequest { storage.request }
    // The stub as the registry holds it: a reference, so that journaling a request does not
    // copy the whole stub (that copy was a measurable share of the server's time per request).
    var entry: StubRegistry.Entry? { storage.entry }
    /// The response when it is not the stub's static one (dynamic stubs, unmatched requests).
    package var computedResponse: ResponseDefinition? { storage.computedResponse }

    /// The stub that answered, or `nil` when no stub matched.
    public var stub: StubMapping? { storage.entry?.mapping }

    /// The response the mock chose (for unmatched requests, the 404 with the near-miss report).
    public var response: ResponseDefinition {
        storage.computedResponse ?? storage.entry?.mapping.response.definition ?? ResponseDefinition(status: 500)
    }

    /// The status of ``response``, read without copying the response (for logs that see every
    /// request).
    public var status: Int {
        storage.computedResponse?.status ?? storage.entry?.staticAnswer?.head.status ?? response.status
    }

    /// The answer planned in advance, when the event carries the stub's static response or a
    /// prepared one (the dynamic stub's response its responder prepared, planned once for the
    /// stub and not per request).
    var staticAnswer: StaticAnswer? {
        guard let entry = storage.entry else { return nil }
        if storage.computedResponse == nil { return entry.staticAnswer }
        return storage.prepared?.answer(for: entry)
    }

    /// Whether planning the answer reads a body file (a static answer, planned in advance, never does).
    package var readsBodyFile: Bool { if staticAnswer == nil, case .file = response.body { true } else { false } }

    /// Whether a stub matched.
    public var wasMatched: Bool { storage.entry != nil }

    /// The webhooks the stub that answered sends afterwards (read without copying the stub).
    var webhooks: [WebhookDefinition] { storage.entry?.webhooks ?? [] }

    /// Whether the stub forwarded the request upstream; ``response`` is then what upstream
    /// answered (once it has answered).
    public var wasProxied: Bool { storage.wasProxied }

    /// The id and name of the stub that answered.
    public var stubIdentity: StubIdentity? {
        storage.entry.map { StubIdentity(id: $0.mapping.id, name: $0.mapping.name) }
    }

    /// Creates an event.
    public init(request: RecordedRequest, stub: StubMapping?, response: ResponseDefinition) {
        self.init(Storage(request: request, entry: stub.map { StubRegistry.Entry(mapping: $0, sequence: -1) },
                          computedResponse: response), journalSequence: nil)
    }

    /// An event answered by a registry stub; `response` is `nil` for the stub's static response.
    package init(request: RecordedRequest, entry: StubRegistry.Entry?, response: ResponseDefinition?, journalSequence: Int? = nil) {
        self.init(Storage(request: request, entry: entry, computedResponse: response), journalSequence: journalSequence)
    }

    /// This event as a journal keeps it, at `sequence` (a store outside the process numbers
    /// its entries itself).
    package func journaled(at sequence: Int?) -> ServeEvent {
        ServeEvent(storage, journalSequence: sequence)
    }

    /// An event answered by a dynamic stub's prepared response.
    init(request: RecordedRequest, entry: StubRegistry.Entry, prepared: PreparedResponse, journalSequence: Int?) {
        self.init(Storage(request: request, entry: entry, computedResponse: prepared.definition, prepared: prepared),
                  journalSequence: journalSequence)
    }

    /// For a streamed response served by the loopback server, how much of it reached the
    /// client; `nil` until the stream is over, for other responses, and in process (where the
    /// caller, not the mock, reads the stream).
    public var streamDelivery: StreamDelivery? { storage.streamDelivery }

    /// This event with its stream's delivery recorded.
    package func delivered(_ delivery: StreamDelivery) -> ServeEvent {
        ServeEvent(storage.with(streamDelivery: delivery), journalSequence: journalSequence)
    }

    /// For a request the loopback server proxied, when each piece of upstream's body arrived
    /// (what recording turns into a stream's pauses); `nil` for other requests, in process
    /// (where upstream's body arrives in one piece), and when the body was larger than the
    /// journal keeps.
    public var upstreamBodyTimeline: BodyTimeline? { storage.upstreamBodyTimeline }

    /// This event with the response upstream gave to the proxied request, and when its body's
    /// pieces arrived if that was observed.
    package func proxied(_ upstream: ResponseDefinition, timeline: BodyTimeline?) -> ServeEvent {
        ServeEvent(Storage(request: storage.request, entry: storage.entry, computedResponse: upstream,
                           wasProxied: true, upstreamBodyTimeline: timeline), journalSequence: journalSequence)
    }
}
