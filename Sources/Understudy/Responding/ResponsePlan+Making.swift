package import Foundation

extension ResponsePlan {
    /// Plans the answer to a request: delays, then a fault, a proxy exchange or a status,
    /// final headers and a body in timed parts.
    /// - Parameters:
    ///   - response: what the mock (or the admin API) chose.
    ///   - request: the request being answered (a proxy stub forwards it; `HEAD` gets no body).
    ///   - stub: the stub that matched, sent as `Matched-Stub-Id` and `Matched-Stub-Name`.
    ///   - delays: the mock's global delays, used where the response sets none.
    ///   - bodyData: reads a response body (files come from the mock's root).
    ///
    /// The response's answer kinds from outside the core (``AnswerExtension``) are not applied
    /// here: ``through(_:planning:to:stub:sequence:delays:using:core:)`` runs them around this.
    package static func make(
        for response: ResponseDefinition,
        to request: RecordedRequest,
        stub: StubIdentity?,
        delays: GlobalDelays = GlobalDelays(),
        bodyData: (ResponseDefinition) throws -> Data,
        using generator: inout some RandomNumberGenerator
    ) -> ResponsePlan {
        let delay = delays.delay(for: response, using: &generator)
        if let fault = response.fault { return ResponsePlan(delay: delay, action: .fault(fault)) }
        if let proxy = ProxyRequest(forwarding: request, as: response) {
            return ResponsePlan(delay: delay, action: .proxy(proxy))
        }
        let bytes: Data
        do {
            bytes = try bodyData(response)
        } catch {
            var failure = plainText(status: 500, "Stub \(stub?.label ?? "") cannot be served: \(error)\n")
            failure.delay = delay
            return failure
        }
        let (head, body) = answer(response, bytes: bytes, stub: stub, isHead: request.method == .head)
        return ResponsePlan(delay: delay, action: .respond(head, body))
    }
}

extension ResponsePlan {
    /// The final head and timed body of a response whose bytes are known.
    static func answer(_ response: ResponseDefinition, bytes: Data, stub: StubIdentity?, isHead: Bool) -> (ResponseHead, TimedBody) {
        var headers = response.headers
        headers.remove("Content-Length")
        headers.remove("Transfer-Encoding")
        if let stub { headers.mark(matchedBy: stub) }
        if let stream = response.stream {
            // Strict server-sent event clients (a browser's EventSource) refuse a stream without
            // its content type; a mapping file's `eventStream` gets the headers the Swift
            // builder adds, unless it sets its own.
            if case .events = stream.content {
                if headers["Content-Type"] == nil { headers.add(name: "Content-Type", value: "text/event-stream") }
                if headers["Cache-Control"] == nil { headers.add(name: "Cache-Control", value: "no-cache") }
            }
            // Sent as it is produced: chunked, with no length, each part flushed at its time.
            let head = ResponseHead(status: response.status, reason: response.statusMessage, headers: headers)
            return (head, isHead ? TimedBody(parts: []) : stream.timedBody)
        }
        // 1xx, 204 and 304 never carry a body (RFC 9110 §6.4.1); HEAD announces the length it omits.
        let statusForbidsBody = response.status == 204 || response.status == 304 || (100..<200).contains(response.status)
        if !statusForbidsBody { headers.add(name: "Content-Length", value: String(bytes.count)) }
        let head = ResponseHead(status: response.status, reason: response.statusMessage, headers: headers)
        if statusForbidsBody || isHead { return (head, TimedBody(parts: [])) }
        if let dribble = response.chunkedDribbleDelay {
            return (head, .dribbled(bytes, chunks: dribble.numberOfChunks, over: .milliseconds(dribble.totalDurationMilliseconds)))
        }
        return (head, TimedBody(bytes))
    }
}

extension HTTPHeaders {
    /// Adds `Matched-Stub-Id` (and `Matched-Stub-Name` when the stub has a name), replacing
    /// any the response already had, as WireMock does.
    package mutating func mark(matchedBy stub: StubIdentity) {
        replaceOrAdd(name: "Matched-Stub-Id", value: stub.id.uuidString.lowercased())
        if let name = stub.name { replaceOrAdd(name: "Matched-Stub-Name", value: name) }
    }
}

extension ResponsePlan {
    /// The plan `extensions` (the answer kinds from outside the core, in the order
    /// ``AnyAnswerExtension/effective(_:defaults:)`` gives) make of `response` around `core`, the
    /// core's planning; a kind that cannot serve the stub makes a `500` that says why.
    /// - Parameter sequence: the request's place in the journal (a seeded network profile draws by it).
    package static func through<G: RandomNumberGenerator>(
        _ extensions: [AnyAnswerExtension], planning response: ResponseDefinition, to request: RecordedRequest,
        stub: StubIdentity?, sequence: Int, delays: GlobalDelays, using generator: inout G,
        core: (ResponseDefinition, inout G) -> ResponsePlan
    ) -> ResponsePlan {
        guard !extensions.isEmpty else { return core(response, &generator) }
        do {
            return try AnyAnswerExtension.plan(response, through: extensions[...], for: request, sequence: sequence,
                                               using: &generator, core: core)
        } catch {
            var failure = plainText(status: 500, "Stub \(stub?.label ?? "") cannot be served: \(error)\n")
            failure.delay = delays.delay(for: response, using: &generator)
            return failure
        }
    }
}
