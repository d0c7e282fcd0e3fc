package import UnderstudyJSON
package import UnderstudyTemplating

/// A kind of answer that lives outside the core, under a key of its own in the WireMock
/// `response` object (`"llm"`, `"networkProfile"`): its JSON decoder and encoder, what it
/// cannot go with, and how a response that carries it becomes the ``ResponsePlan``.
///
/// A response carries at most one value per kind (``ResponseDefinition/answerExtension(_:)``);
/// mapping JSON reads it when its type is in the decoder's ``MappingExtensions``. An LLM
/// preset makes the response's body from the request and hands it on; a network profile
/// reshapes whatever plan the rest of the chain made:
/// ```swift
/// struct Slow: AnswerExtension {
///     static let wireMockKey = "slow"
///     var wireMockJSON: JSONValue { true }
///     init() {}
///     init(wireMock reader: JSONReader) throws {}
///     func plan<G: RandomNumberGenerator>(_ response: ResponseDefinition, for request: RecordedRequest, sequence: Int,
///                                         using generator: inout G,
///                                         next: (ResponseDefinition, inout G) throws -> ResponsePlan) throws -> ResponsePlan {
///         var plan = try next(response, &generator)
///         plan.delay += .seconds(1)
///         return plan
///     }
/// }
/// let response = ResponseDefinition.ok.answerExtension(Slow())
/// ```
package protocol AnswerExtension: Sendable, Hashable {
    /// The member of the `response` object it is written as.
    static var wireMockKey: String { get }
    /// The other members of a `response` it cannot go with (the decoder refuses them with
    /// ``conflict(with:)``).
    static var excludedKeys: [String] { get }
    /// Whether WireMock 3.13 does not know the key (decoding warns that it will not load the
    /// mapping); `false` for a key of WireMock 4's (`acceptWebSocket`).
    static var isUnderstudyExtension: Bool { get }
    /// Why `key`, one of ``excludedKeys``, cannot go with this kind, and what to do instead.
    static func conflict(with key: String) -> String
    /// Decodes the member's value; may warn through the reader.
    init(wireMock reader: JSONReader) throws
    /// The member's value decoded, or `nil` when the value means the kind's absence (`false`
    /// for a flag). By default, ``init(wireMock:)``.
    static func decoding(_ reader: JSONReader) throws -> Self?
    /// The member's value.
    var wireMockJSON: JSONValue { get }
    /// Whether its answer is the same for every request, so that a static stub's answer can be
    /// planned once when the stub is added (a network profile is; an LLM answer, made from the
    /// request, is not).
    var isStatic: Bool { get }
    /// The plan for `response`, which carries this value: `next` plans a response the way the
    /// rest of the chain (the other kinds, then the core) does. Throws when this stub cannot be
    /// served (the request gets a `500` that says why).
    func plan<G: RandomNumberGenerator>(_ response: ResponseDefinition, for request: RecordedRequest, sequence: Int,
                                        using generator: inout G,
                                        next: (ResponseDefinition, inout G) throws -> ResponsePlan) throws -> ResponsePlan
    /// The value with its texts rendered as templates (for `response-template` stubs).
    func renderingTemplates(_ render: (String) throws(TemplateError) -> String) throws(TemplateError) -> Self
}

extension AnswerExtension {
    package static var excludedKeys: [String] { [] }
    package static var isUnderstudyExtension: Bool { true }
    package static func decoding(_ reader: JSONReader) throws -> Self? { try Self(wireMock: reader) }
    package static func conflict(with key: String) -> String {
        "\"\(key)\" cannot go with \"\(wireMockKey)\"; remove one of them"
    }
    package var isStatic: Bool { true }
    package func renderingTemplates(_ render: (String) throws(TemplateError) -> String) throws(TemplateError) -> Self { self }

    fileprivate func isEqual(to other: any AnswerExtension) -> Bool { (other as? Self) == self }
}

/// One value of an ``AnswerExtension`` kind, as a response holds it.
package struct AnyAnswerExtension: Sendable, Hashable {
    package let value: any AnswerExtension

    package init(_ value: some AnswerExtension) { self.value = value }

    /// The kind's key.
    package var key: String { type(of: value).wireMockKey }

    /// The value with its texts rendered as templates.
    package func renderingTemplates(_ render: (String) throws(TemplateError) -> String) throws(TemplateError) -> AnyAnswerExtension {
        func rendering(_ value: some AnswerExtension) throws(TemplateError) -> AnyAnswerExtension {
            AnyAnswerExtension(try value.renderingTemplates(render))
        }
        return try rendering(value)
    }

    package static func == (lhs: AnyAnswerExtension, rhs: AnyAnswerExtension) -> Bool { lhs.value.isEqual(to: rhs.value) }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        value.hash(into: &hasher)
    }

    /// `own`, and the mock-wide `defaults` of kinds `own` has none of, by key: the order they
    /// plan in. (A kind that makes the answer changes the response before it hands it on, and
    /// one that reshapes the answer changes the plan it gets back, so their order does not
    /// change the answer; the key order only makes it the same every time.)
    package static func effective(_ own: [AnyAnswerExtension], defaults: [AnyAnswerExtension]) -> [AnyAnswerExtension] {
        if defaults.isEmpty { return own }
        let all = own + defaults.filter { fallback in !own.contains { $0.key == fallback.key } }
        return all.sorted { $0.key < $1.key }
    }

    /// The plan for `response` through `chain` (outermost first), the core's planning at the end.
    package static func plan<G: RandomNumberGenerator>(
        _ response: ResponseDefinition, through chain: ArraySlice<AnyAnswerExtension>, for request: RecordedRequest,
        sequence: Int, using generator: inout G, core: (ResponseDefinition, inout G) throws -> ResponsePlan
    ) throws -> ResponsePlan {
        guard let first = chain.first else { return try core(response, &generator) }
        return try first.value.plan(response, for: request, sequence: sequence, using: &generator) { response, generator in
            try plan(response, through: chain.dropFirst(), for: request, sequence: sequence, using: &generator, core: core)
        }
    }
}

extension ResponseDefinition {
    /// The value of the answer kind `kind` this response carries, if any.
    package func answerExtension<Kind: AnswerExtension>(_ kind: Kind.Type) -> Kind? {
        for item in extensions { if let value = item.value as? Kind { return value } }
        return nil
    }

    /// Sets (or with `nil`, removes) this response's value of the answer kind `kind`.
    package mutating func setAnswerExtension<Kind: AnswerExtension>(_ value: Kind?, of kind: Kind.Type = Kind.self) {
        extensions.removeAll { $0.key == Kind.wireMockKey }
        if let value { insert(AnyAnswerExtension(value)) }
    }

    /// Adds a value of a kind the response has none of, keeping ``extensions`` in key order
    /// (the order they plan in, and one order for equal responses however they were made).
    package mutating func insert(_ item: AnyAnswerExtension) {
        extensions.insert(item, at: extensions.firstIndex { $0.key > item.key } ?? extensions.endIndex)
    }

    /// A copy carrying `value` (replacing the response's value of that kind).
    package func answerExtension(_ value: some AnswerExtension) -> ResponseDefinition {
        var copy = self
        copy.setAnswerExtension(value)
        return copy
    }
}
