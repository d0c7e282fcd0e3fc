import Foundation
import Understudy
import UnderstudyJSON

/// Writes a contract from journal entries: the entries a stub answered (unmatched requests,
/// faults and streamed answers are left out), one interaction per distinct request shape.
///
/// A request's shape is the stub that answered it, the scenario state it needed, the method,
/// the path (or, for a stub whose URL is a pattern or a template, that pattern), the query's
/// parameter names and the body's structure (a JSON body's keys and value types). The first
/// request of each shape is the interaction's example: its request as sent (less the headers
/// that describe the connection), and its response as answered (less the headers Understudy
/// adds itself: `Matched-Stub-Id`, `Matched-Stub-Name`, `Content-Length`).
struct PactExporter {
    var consumer: String
    var provider: String
    var specification: PactSpecification

    /// A journal entry with what the exporter needs of its mock.
    struct Entry: Sendable {
        var event: ServeEvent
        /// The bytes of the response's body (a body file read).
        var body: Data?
        /// Whether the entry's mock renders every response as a template.
        var globalTemplating: Bool
    }

    /// Request headers a contract leaves out: they describe one connection (or name a
    /// namespace of Understudy's), and a verifier sets them itself.
    static let connectionHeaders = [
        "Connection", "Keep-Alive", "Proxy-Connection", "TE", "Trailer", "Transfer-Encoding", "Upgrade", "Host", "Content-Length",
        "Expect", Namespace.headerName, "X-MockServer-Namespace",
    ]
    /// Response headers a contract leaves out: Understudy's own, and the connection's.
    static let ownResponseHeaders = [
        "Matched-Stub-Id", "Matched-Stub-Name", "Content-Length", "Transfer-Encoding", "Connection", "Keep-Alive",
    ]

    func contract(of entries: [Entry]) -> PactContract {
        var shapes: Set<String> = []
        var chosen: [(event: Entry, stub: StubMapping)] = []
        for entry in entries {
            let event = entry.event
            guard let stub = event.stub, event.response.fault == nil, event.response.stream == nil else { continue }
            if shapes.insert(Self.shape(of: event.request, stub: stub)).inserted { chosen.append((entry, stub)) }
        }
        let descriptions = Self.descriptions(for: chosen.map { ($0.stub.name, $0.event.event.request) })
        var interactions: [PactInteraction] = []
        var gaps: [PactGap] = []
        for ((event, stub), description) in zip(chosen, descriptions) {
            let (interaction, found) = self.interaction(event, stub: stub, description: description)
            interactions.append(interaction)
            gaps += found
        }
        var metadata: JSONObject = ["pactSpecification": ["version": .string(specification.version)]]
        metadata["understudy"] = ["patternsWithoutPactEquivalent": .array(gaps.map(\.json))]
        let document: JSONValue = [
            "consumer": ["name": .string(consumer)],
            "provider": ["name": .string(provider)],
            "interactions": .array(interactions.map { $0.json(specification) }),
            "metadata": .object(metadata),
        ]
        return PactContract(consumer: consumer, provider: provider, specification: specification,
                            interactions: interactions.map(\.description), gaps: gaps, document: document)
    }

    private func interaction(_ entry: Entry, stub: StubMapping, description: String) -> (PactInteraction, [PactGap]) {
        let event = entry.event
        let sent = event.request
        var request = PactRequest(method: sent.method.rawValue, path: sent.path)
        for item in sent.queryItems { request.query.add(item.name, item.value ?? "") }
        for field in sent.headers where !Self.connectionHeaders.contains(where: { $0.lowercased() == field.name.lowercased() }) {
            request.headers.add(field.name, field.value)
        }
        request.body = PactBody(data: sent.body, contentType: sent.headers["Content-Type"])
        var translator = PactPatternTranslator(interaction: description)
        if let pattern = stub.request.wireMockJSON.objectValue { translator.translate(pattern, requestHadQuery: sent.rawQuery?.isEmpty == false) }
        request.rules = translator.rules
        var gaps = translator.gaps

        let answered = event.response
        var response = PactResponse(status: answered.status)
        for field in answered.headers where !Self.ownResponseHeaders.contains(where: { $0.lowercased() == field.name.lowercased() }) {
            response.headers.add(field.name, field.value)
        }
        response.body = entry.body.flatMap { PactBody(data: $0, contentType: answered.headers["Content-Type"]) }
        if let template = stub.response.definition, entry.globalTemplating || template.transformers.contains("response-template") {
            let templated = PactTemplatedFields.rules(for: template)
            response.rules = templated.rules
            if let unmapped = templated.unmapped {
                gaps.append(PactGap(interaction: description, field: "response body", pattern: "response-template", reason: unmapped))
            }
        } else if stub.response.definition == nil {
            gaps.append(PactGap(interaction: description, field: "response", pattern: "(a Swift closure)",
                                reason: "a dynamic stub's answer is compared as this request's answer"))
        }
        if let kept = stub.metadata?["pact"]?["responseMatchingRules"] { response.rules.merge(kept) }
        if !specification.isV4, case .binary? = response.body?.content {
            gaps.append(PactGap(interaction: description, field: "response body", pattern: "(bytes)", reason: "Pact v3 cannot hold a binary body; write v4"))
        }
        if !specification.isV4, case .binary? = request.body?.content {
            gaps.append(PactGap(interaction: description, field: "request body", pattern: "(bytes)", reason: "Pact v3 cannot hold a binary body; write v4"))
        }

        var interaction = PactInteraction(description: description, request: request, response: response)
        if let scenario = stub.scenarioName, let state = stub.requiredScenarioState {
            interaction.providerStates = [PactProviderState(name: "\(scenario) is in state \(state)",
                                                            params: ["scenario": .string(scenario), "state": .string(state)])]
        }
        interaction.notes = gaps.map { "\($0.field) \($0.pattern): \($0.reason)" }
        return (interaction, gaps)
    }

    /// The shape of a request a stub answered (see the type's summary).
    static func shape(of request: RecordedRequest, stub: StubMapping) -> String {
        let url = switch stub.request.url.key {
        case "url", "urlPath": request.path
        case nil: "(any)"
        default: stub.request.url.description
        }
        let query = Set(request.queryItems.map(\.name)).sorted().joined(separator: "&")
        let body = (try? JSONValue(parsing: request.body)).map(skeleton) ?? (request.body.isEmpty ? "" : "bytes")
        return [stub.id.uuidString, stub.requiredScenarioState ?? "", request.method.rawValue, url, query, body].joined(separator: "\u{0}")
    }

    /// A JSON value's structure: its keys and the types of its values.
    private static func skeleton(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .array(let elements): "[" + (elements.first.map(skeleton) ?? "") + "]"
        case .object(let object): "{" + object.map { "\($0.key):\(skeleton($0.value))" }.sorted().joined(separator: ",") + "}"
        }
    }

    /// Unique descriptions: the stub's name, or `METHOD /path`. A description that repeats
    /// one before it gets the method and path after a name (then the path and query), and a
    /// number as a last resort: `Get user (GET /users/2)`, `POST /users #2`.
    static func descriptions(for requests: [(name: String?, request: RecordedRequest)]) -> [String] {
        var used: Set<String> = []
        var result: [String] = []
        for (name, request) in requests {
            let plain = name ?? "\(request.method.rawValue) \(request.path)"
            var candidates = [plain]
            if let name { candidates.append("\(name) (\(request.method.rawValue) \(request.path))") }
            if request.url != request.path { candidates.append("\(name ?? request.method.rawValue) (\(request.method.rawValue) \(request.url))") }
            var chosen = candidates.first { !used.contains($0) } ?? plain
            var number = 2
            while used.contains(chosen) {
                chosen = "\(plain) #\(number)"
                number += 1
            }
            used.insert(chosen)
            result.append(chosen)
        }
        return result
    }
}
