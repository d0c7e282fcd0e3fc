import Foundation
import Understudy
import UnderstudySupport

/// Builds one stub per operation of a document: method and path template (with path
/// parameters constrained by their type), answered by the documented success response with its
/// example or a generated body, or by the response and example a `Prefer` header names.
struct OpenAPIStubBuilder {
    /// The metadata key marking spec-generated stubs (drift checks and coverage read it).
    static let metadataKey = "understudyOpenAPI"

    let document: OpenAPIDocument
    let options: OpenAPIStubOptions

    func stubs() -> [StubMapping] {
        document.operations.map(stub)
    }

    private func stub(for operation: OpenAPIOperation) -> StubMapping {
        var pattern = RequestPattern.request(operation.method, .urlPathTemplate(operation.mountedRequestPath))
        for fixed in operation.fixedQuery { pattern = pattern.queryParameter(fixed.name, .equalTo(fixed.value)) }
        for parameter in operation.parameters where parameter.location == .path {
            if let regex = parameter.schema.flatMap(Self.pathRegex) { pattern = pattern.pathParameter(parameter.name, .matches(regex)) }
        }
        // Made on the operation's first request, not at start-up: generating every operation's
        // bodies up front was over a third of `serve --openapi`'s start-up on OpenAI's document.
        let answers = Locked<OpenAPIAnswers?>(nil)
        let seed = options.seed
        let validates = options.validatesRequests
        let source = document.source
        let responder = DynamicResponder(answering: { request, callCount in
            if validates {
                let violations = operation.violations(of: request)
                if !violations.isEmpty {
                    return .made(OpenAPIViolationReport(request: request, source: source, operation: operation, violations: violations).response())
                }
            }
            let made = answers.withLock { made in
                if let made { return made }
                let answers = OpenAPIAnswers(operation: operation, seed: seed)
                made = answers
                return answers
            }
            return made.answer(to: request, source: source, callCount: callCount)
        }, preparedAnswer: { request in
            if validates, !operation.violations(of: request).isEmpty { return nil }
            return answers.withLock { $0 }?.preparedAnswer(to: request)
        })
        var metadata: JSONObject = ["method": .string(operation.method.rawValue), "path": .string(operation.path), "source": .string(source)]
        if let id = operation.operationId { metadata["operationId"] = .string(id) }
        return StubMapping(
            name: "OpenAPI \(operation.label)",
            // A path key that fixes a query wins over the same path without it.
            priority: max(1, options.priority + (operation.template.variableNames.isEmpty ? 0 : 1) - (operation.fixedQuery.isEmpty ? 0 : 1)),
            request: pattern,
            response: .dynamic(responder),
            metadata: [Self.metadataKey: .object(metadata)]
        )
    }

    /// A regular expression a path parameter of this schema's type always fits, or `nil` when
    /// the type does not narrow it (strings).
    static func pathRegex(_ schema: OpenAPISchema) -> String? { pathShape(schema)?.regex }

    /// What a path parameter of this schema looks like: the regex its segment must match, and
    /// a value that does (drift checks try a stub's URL regex on such sample paths). `nil` for
    /// a schema that allows any segment.
    static func pathShape(_ schema: OpenAPISchema) -> (regex: String, sample: String)? {
        let resolved = schema.resolved(schema.json)
        if let options = resolved["enum"]?.arrayValue {
            let texts = options.compactMap { value -> String? in
                switch value {
                case .string(let text): text
                case .number(let number): number.text
                case .bool(let flag): String(flag)
                default: nil
                }
            }
            guard let first = texts.first else { return nil }
            return (texts.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|"), first)
        }
        let types = (resolved["type"].map { $0.arrayValue ?? [$0] } ?? []).compactMap(\.stringValue)
        if types.contains("string") {
            guard resolved["format"]?.stringValue == "uuid" else { return nil }
            return ("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}", "00000000-0000-4000-8000-000000000000")
        }
        if types.contains("number") { return ("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?", "1.5") }
        if types.contains("integer") { return ("-?[0-9]+", "1") }
        if types == ["boolean"] { return ("true|false", "true") }
        return nil
    }
}

/// The answers of one operation, made once: each documented response with its status, media
/// type, default body and named examples.
struct OpenAPIAnswers: Sendable {
    struct Answer: Sendable {
        let response: OpenAPIResponse
        let contentType: String?
        let body: ResponseBody
        let examples: [(name: String, body: ResponseBody)]
        /// The media type answered with, for bodies generated anew (`Prefer: dynamic=true`).
        var media: OpenAPIMediaType?
        /// The documented headers that are required or have an example, with their values.
        var headers: [(name: String, value: String)] = []
    }

    let operation: OpenAPIOperation
    /// One answer per documented response, in its JSON media type (else its first).
    let answers: [Answer]
    /// The answers in the response's other media types that can be rendered (an example, a
    /// JSON schema, or a string schema for `text/*`), by status key, for requests whose `Accept`
    /// header asks for one of them.
    let alternatives: [String: [Answer]]
    let seed: UInt64
    /// The answers given so far, by the `Prefer` and `Accept` values that chose them, each
    /// prepared once (its body encoded, its head planned) and given again to every request
    /// that sends the same values. Refusals and `dynamic=true` bodies are made anew.
    private let prepared = Locked<[Negotiation: PreparedResponse]>([:])
    /// How many answers ``prepared`` keeps: a client sending ever new `Accept` values (a fuzzer)
    /// gets its answers made anew past this many.
    static let preparedLimit = 64

    /// What chooses among an operation's answers: the request's `Prefer` and `Accept` values.
    struct Negotiation: Hashable, Sendable {
        let prefer: [String]
        let accept: [String]

        init(_ request: RecordedRequest) {
            // One pass over the headers; most requests send no `Prefer`, so nothing is kept.
            var prefer: [String] = []
            var accept: [String] = []
            for field in request.headers.fields {
                if field.name.caseInsensitiveEquals("Accept") {
                    accept.append(field.value)
                } else if field.name.caseInsensitiveEquals("Prefer") {
                    prefer.append(field.value)
                }
            }
            self.prefer = prefer
            self.accept = accept
        }
    }

    init(operation: OpenAPIOperation, seed: UInt64) {
        self.operation = operation
        self.seed = seed
        var answers: [Answer] = []
        var alternatives: [String: [Answer]] = [:]
        for response in operation.responses {
            let headers = Self.headers(of: response, seed: seed ^ "\(operation.label) \(response.status) headers".fnv1a())
            let preferred = response.content.first(where: \.isJSON) ?? response.content.first
            var answer = Self.answer(for: response, media: preferred, of: operation, seed: seed)
            answer.headers = headers
            answers.append(answer)
            for media in response.content where media.contentType != preferred?.contentType && !media.contentType.contains("*") {
                var alternative = Self.answer(for: response, media: media, of: operation, seed: seed)
                // A JSON value in a non-JSON media type only as events, which carry it as data.
                guard alternative.body != .none,
                      media.isJSON || !Self.isJSONBody(alternative.body) || OpenAPIEventStream.isEventStream(media.contentType) else { continue }
                alternative.headers = headers
                alternatives[response.status, default: []].append(alternative)
            }
        }
        self.answers = answers
        self.alternatives = alternatives
    }

    /// Whether a body is JSON that is not a plain string (which a non-JSON media type cannot carry).
    private static func isJSONBody(_ body: ResponseBody) -> Bool {
        if case .json = body { return true }
        return false
    }

    /// The answer of one documented response in one of its media types, with the first example
    /// that fits the schema or a body generated from the schema.
    ///
    /// A document whose JSON example contradicts its own schema (a required member missing, a
    /// `null` where the type allows none) would have a client built from that schema fail on
    /// the mock's answer, so such an example is not the default answer; it is still served when
    /// a request names it (`Prefer: example=NAME`).
    private static func answer(for response: OpenAPIResponse, media: OpenAPIMediaType?, of operation: OpenAPIOperation, seed: UInt64) -> Answer {
        guard let media else { return Answer(response: response, contentType: nil, body: .none, examples: []) }
        let examples = media.examples.map { (name: $0.name, body: Self.body($0.value, media: media)) }
        let written = [media.example].compactMap(\.self) + media.examples.map(\.value)
        var value = written.first { example in
            guard media.isJSON, let schema = media.schema else { return true }
            return schema.validate(example).isEmpty
        }
        if value == nil, let schema = media.schema {
            var generator = OpenAPIValueGenerator(schema: schema, seed: seed ^ "\(operation.label) \(response.status)".fnv1a())
            value = generator.generate()
        }
        return Answer(response: response, contentType: media.contentType.contains("*") ? nil : media.contentType,
                      body: value.map { Self.body($0, media: media) } ?? .none, examples: examples, media: media)
    }

    /// Values for the documented headers that have an example or are required (generated from
    /// the schema then), as header text.
    private static func headers(of response: OpenAPIResponse, seed: UInt64) -> [(name: String, value: String)] {
        response.headers.compactMap { header -> (name: String, value: String)? in
            var value = response.headerExamples[header.name]
            if value == nil, header.required, let schema = header.schema {
                var generator = OpenAPIValueGenerator(schema: schema, seed: seed ^ header.name.fnv1a())
                value = generator.generate()
            }
            return value.map { (header.name, headerText($0)) }
        }
    }

    private static func headerText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .number(let number): number.text
        case .bool(let flag): String(flag)
        case .array(let items): items.map(headerText).joined(separator: ",")
        case .null: ""
        case .object: value.jsonText()
        }
    }

    /// The answer prepared for the request's `Prefer` and `Accept` values, if one is.
    func preparedAnswer(to request: RecordedRequest) -> PreparedResponse? {
        prepared.withLock { $0[Negotiation(request)] }
    }

    /// The answer to a request: the one prepared for its `Prefer` and `Accept` values when
    /// there is one, else ``response(to:source:callCount:)``, prepared for the next request
    /// with the same values when it does not depend on the request otherwise.
    func answer(to request: RecordedRequest, source: String, callCount: Int) -> DynamicResponder.Answer {
        let negotiation = Negotiation(request)
        if let answer = prepared.withLock({ $0[negotiation] }) { return .prepared(answer) }
        let (response, repeats) = respond(to: request, source: source, callCount: callCount)
        guard repeats else { return .made(response) }
        let answer = prepared.withLock { prepared in
            if let earlier = prepared[negotiation] { return earlier }
            let answer = PreparedResponse(response)
            if prepared.count < Self.preparedLimit { prepared[negotiation] = answer }
            return answer
        }
        return .prepared(answer)
    }

    /// The response to a request, for its `Prefer` header (``OpenAPIPreference``); a 400
    /// violation report (``OpenAPIViolation/Kind/unknownExample``) saying what is documented when
    /// it names a status or example the operation does not have. The request's `Accept` values
    /// choose among the response's media types; `callCount` (1-based) seeds `dynamic=true` bodies.
    func response(to request: RecordedRequest, source: String, callCount: Int = 1) -> ResponseDefinition {
        respond(to: request, source: source, callCount: callCount).response
    }

    /// The response, and whether any request with the same `Prefer` and `Accept` values gets
    /// the same one (not for a refusal, which reports the request, nor a `dynamic=true` body).
    private func respond(to request: RecordedRequest, source: String, callCount: Int) -> (response: ResponseDefinition, repeats: Bool) {
        let preference = OpenAPIPreference(request: request)
        let accept = request.headers.values(for: "Accept")
        func refusal(_ message: String) -> ResponseDefinition {
            let violation = OpenAPIViolation(kind: .unknownExample, operation: operation.label, subject: "Prefer", message: message)
            return OpenAPIViolationReport(request: request, source: source, operation: operation, violations: [violation]).response()
        }
        // Refusals and bodies drawn per call are made for this request; the rest repeats.
        let repeats = !preference.dynamic
        var chosen: Answer?
        var status: Int?
        if let written = preference.code {
            guard let code = Int(written), (100...599).contains(code) else {
                return (refusal("code=\(written) is not an HTTP status; use a number from 100 to 599"), false)
            }
            guard let documented = operation.response(forStatus: code), let answer = answers.first(where: { $0.response.status == documented.status }) else {
                return (refusal("code=\(code) is not documented for \(operation.label); it documents \(answers.map(\.response.status).joined(separator: ", "))"), false)
            }
            // The documented response is the code's own, its range (4XX) or default: answer with the code asked for.
            chosen = answer
            status = code
        } else {
            let success = operation.successResponse?.status
            chosen = answers.first { $0.response.status == success }
        }
        var body = chosen?.body ?? .none
        if let name = preference.example {
            // The example of the chosen response, or (with no code) of whichever response has it.
            let holder = chosen.flatMap { answer in answer.examples.contains { $0.name == name } ? answer : nil }
                ?? (preference.code == nil ? answers.first { $0.examples.contains { $0.name == name } } : nil)
            guard let holder, let example = holder.examples.first(where: { $0.name == name }) else {
                let known = answers.flatMap { answer in answer.examples.map { "\($0.name) (\(answer.response.status))" } }
                return (refusal("example=\(name) is not an example of \(operation.label)\(known.isEmpty ? "; it has no named examples" : "; it has \(known.joined(separator: ", "))")"), false)
            }
            chosen = holder
            body = example.body
        }
        guard var chosen else { return (ResponseDefinition(status: 204), repeats) }
        let ranges = OpenAPIMediaRange.parse(accept)
        if preference.example == nil, !ranges.isEmpty {
            // The media type the request wants most (q order); the documented first on a tie,
            // and when the request wants none of them.
            var best = OpenAPIMediaRange.quality(of: chosen.contentType, in: ranges)
            for other in alternatives[chosen.response.status] ?? [] {
                let quality = OpenAPIMediaRange.quality(of: other.contentType, in: ranges)
                if quality > best {
                    best = quality
                    chosen = other
                    body = other.body
                }
            }
        }
        if preference.dynamic, preference.example == nil, let media = chosen.media, let schema = media.schema {
            let callSeed = seed ^ "\(operation.label) \(chosen.response.status) call \(callCount)".fnv1a()
            var generator = OpenAPIValueGenerator(schema: schema, seed: callSeed)
            body = Self.body(generator.generate(), media: media)
        }
        var headers: HTTPHeaders = [:]
        if let contentType = chosen.contentType, body != .none { headers.add(name: "Content-Type", value: contentType) }
        for header in chosen.headers { headers.add(name: header.name, value: header.value) }
        if OpenAPIEventStream.isEventStream(chosen.contentType), body != .none {
            // Served as a stream of events on the engine's server-sent events, as a client of
            // the operation reads it (the engine sets the stream's own headers).
            return (ResponseDefinition(status: status ?? chosen.response.representativeStatus, headers: headers,
                                       stream: ResponseStream(.events(OpenAPIEventStream.events(of: body)))), repeats)
        }
        return (ResponseDefinition(status: status ?? chosen.response.representativeStatus, headers: headers, body: body), repeats)
    }

    private static func body(_ value: JSONValue, media: OpenAPIMediaType) -> ResponseBody {
        if !media.isJSON, case .string(let text) = value { return .text(text) }
        return .json(value)
    }
}
