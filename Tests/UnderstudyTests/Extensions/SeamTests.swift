import Foundation
import Testing
@testable import Understudy
import UnderstudyJSON
import UnderstudySupport

/// The core's seams carry kinds the core has never heard of, as the documentation's examples
/// write them: an answer kind (`AnswerExtension`), a custom matcher
/// (`RequestMatcherExtension`), the serve listeners and a feature's per-mock state. The
/// features moved out of the core (LLM answers, network profiles, GraphQL, WebSockets) are
/// their first users; these are the next.
struct SeamTests {
    /// An answer kind that reshapes the plan: one more second before every answer it reaches.
    struct Slow: AnswerExtension {
        static let wireMockKey = "slow"
        var wireMockJSON: JSONValue { true }
        init() {}
        init(wireMock reader: JSONReader) throws { _ = try reader.bool() }
        func plan<G: RandomNumberGenerator>(_ response: ResponseDefinition, for request: RecordedRequest, sequence: Int,
                                            using generator: inout G,
                                            next: (ResponseDefinition, inout G) throws -> ResponsePlan) throws -> ResponsePlan {
            var plan = try next(response, &generator)
            plan.delay += .seconds(1)
            return plan
        }
    }

    /// An answer kind made from the request: the body is the request's path, shouted; a path
    /// with `fail` in it cannot be served.
    struct Shout: AnswerExtension {
        struct Refused: Error, CustomStringConvertible { var description: String { "no shouting at /fail" } }
        static let wireMockKey = "shout"
        static let excludedKeys = ["body"]
        var wireMockJSON: JSONValue { [:] }
        var isStatic: Bool { false }
        init() {}
        init(wireMock reader: JSONReader) throws { _ = try reader.object() }
        func plan<G: RandomNumberGenerator>(_ response: ResponseDefinition, for request: RecordedRequest, sequence: Int,
                                            using generator: inout G,
                                            next: (ResponseDefinition, inout G) throws -> ResponsePlan) throws -> ResponsePlan {
            if request.path.contains("fail") { throw Refused() }
            return try next(response.body(request.path.uppercased()), &generator)
        }
    }

    /// A custom matcher: the request carries a `traceparent` header.
    struct TraceHeader: RequestMatcherExtension {
        static let wireMockName = "trace-header"
        var description: String { "a traceparent header" }
        var wireMockParameters: JSONObject { [:] }
        init() {}
        init(wireMockCustomMatcher reader: JSONReader) throws {}
        func evaluate(_ request: RecordedRequest, _ fields: inout MatcherFields) {
            fields.check("traceparent", expected: "present", actual: { request.headers["traceparent"] ?? "(none)" }) {
                .of(request.headers["traceparent"] != nil)
            }
        }
    }

    private func served(_ mock: HTTPMock, _ request: RecordedRequest) -> ServedRequest {
        var generator = SplitMix64(seed: 1)
        return mock.respond(to: request, using: &generator)
    }

    private func body(_ plan: ResponsePlan) -> String? {
        guard case .respond(_, let body) = plan.action else { return nil }
        return String(decoding: body.data, as: UTF8.self)
    }

    @Test func twoKindsOnOneResponseBothReachThePlan() {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/hello"), .ok.answerExtension(Shout()).answerExtension(Slow()))
        let served = served(mock, RecordedRequest(method: .get, url: "/hello"))
        #expect(body(served.plan) == "/HELLO")
        #expect(served.plan.delay == .seconds(1))
    }

    @Test func aStaticStubKeepsItsPreparedAnswerThroughAStaticKind() {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/hello"), .ok.body("hi").answerExtension(Slow()))
        let served = served(mock, RecordedRequest(method: .get, url: "/hello"))
        #expect(body(served.plan) == "hi")
        #expect(served.plan.delay == .seconds(1))
        #expect(served.event.staticAnswer != nil, "a static kind leaves the stub's answer planned once")
    }

    @Test func aKindThatCannotServeTheStubAnswers500NamingIt() {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/fail"), .ok.answerExtension(Shout()), name: "shouter")
        let served = served(mock, RecordedRequest(method: .get, url: "/fail"))
        guard case .respond(let head, _) = served.plan.action else { Issue.record("not an answer: \(served.plan.action)"); return }
        #expect(head.status == 500)
        #expect(body(served.plan)?.contains("cannot be served: no shouting at /fail") == true)
    }

    @Test func aMockWideDefaultReachesEveryAnswerUnlessItsResponseHasItsOwn() {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/plain"), .ok)
        mock.setAnswerDefault(Slow())
        #expect(served(mock, RecordedRequest(method: .get, url: "/plain")).plan.delay == .seconds(1))
        #expect(mock.answerDefault(Slow.self) != nil)
        mock.setAnswerDefault(nil, of: Slow.self)
        #expect(served(mock, RecordedRequest(method: .get, url: "/plain")).plan.delay == .zero)
    }

    @Test func anAnswerKindRoundTripsThroughJSONOnlyWhenTheDecoderIsGivenIt() throws {
        let extensions = MappingExtensions(answers: [Slow.self, Shout.self])
        // Added against key order: the response keeps its kinds in one order, so the one the
        // decoder makes (in key order) is equal to it.
        let mapping = StubMapping(.get(urlPath: "/hello"), .ok.answerExtension(Slow()).answerExtension(Shout()))
        let json = try mapping.wireMockJSON()
        #expect(json["response"]?["slow"] == true)
        #expect(json["response"]?["shout"] == [:])
        let decoded = try WireMockMappings.decodeMapping(Data(json.jsonText().utf8), extensions: extensions)
        #expect(decoded.response.definition == mapping.response.definition)
        #expect {
            try WireMockMappings.decodeMapping(Data(json.jsonText().utf8))
        } throws: { error in
            "\(error)".contains(#"unknown field "shout" in the response"#) && "\(error)".contains("MappingExtensions")
        }
        let conflicting = #"{"request": {"urlPath": "/x"}, "response": {"body": "x", "shout": {}}}"#
        #expect {
            try WireMockMappings.decodeMapping(Data(conflicting.utf8), extensions: extensions)
        } throws: { error in
            "\(error)".contains(#""body" cannot go with "shout"; remove one of them"#)
        }
    }

    @Test func aCustomMatcherMatchesGradesAndExplainsItsField() throws {
        let mock = HTTPMock()
        var pattern = RequestPattern.get(urlPath: "/orders")
        pattern.customMatcher = CustomMatcher(TraceHeader())
        mock.stub(pattern, .ok)
        #expect(pattern.matches(RecordedRequest(method: .get, url: "/orders", headers: ["traceparent": "00-1-2-01"])))
        let bare = RecordedRequest(method: .get, url: "/orders")
        #expect(!pattern.matches(bare))
        #expect(!pattern.match(bare).isExactMatch)
        #expect(mock.nearMisses(for: bare).text.contains("✗ traceparent: expected present, got (none)"))
        #expect(pattern.description.contains("trace-header a traceparent header"))

        let json = try StubMapping(pattern, .ok).wireMockJSON()
        #expect(json["request"]?["customMatcher"] == ["name": "trace-header", "parameters": [:]])
        let decoded = try WireMockMappings.decodeMapping(Data(json.jsonText().utf8), extensions: MappingExtensions(matchers: [TraceHeader.self]))
        #expect(decoded.request == pattern)
    }

    /// Hears both phases, or only the one it asks for.
    final class Heard: ServeListener {
        let served = Locked<[String]>([])
        let completed = Locked<[String]>([])
        let hearsServed: Bool
        let hearsCompleted: Bool

        init(served: Bool = true, completed: Bool = true) {
            hearsServed = served
            hearsCompleted = completed
        }

        func served(_ event: ServeEvent) { served.withLock { $0.append(event.request.path) } }
        func completed(_ completion: ServeCompletion) {
            completed.withLock { $0.append("\(completion.event.request.path) \(completion.transport == .inProcess)") }
        }
    }

    @Test func theServeListenersHearEveryRequestOfTheMockAndItsNamespacesOnceUntilRemoved() throws {
        let mock = HTTPMock()
        let heard = Heard()
        let token = mock.addServeListener(heard)
        mock.stub(.get(urlPath: "/a"), .ok)
        _ = mock.serve(RecordedRequest(method: .get, url: "/a"))
        _ = served(try mock.namespaced("team"), RecordedRequest(method: .get, url: "/b"))
        #expect(heard.served.withLock { $0 } == ["/a", "/b"])
        mock.removeServeListener(token)
        _ = mock.serve(RecordedRequest(method: .get, url: "/a"))
        #expect(heard.served.withLock { $0 } == ["/a", "/b"])
    }

    @Test func anAnswerIsCompletedOnceThroughTheMockWhichTellsOnlyTheListenersThatAsk() throws {
        let mock = HTTPMock()
        #expect(!mock.hasCompletionListeners)
        let servedOnly = Heard(completed: false)
        mock.addServeListener(servedOnly)
        #expect(!mock.hasCompletionListeners, "a transport need not time an answer nobody hears of")
        let both = Heard()
        let token = mock.addServeListener(both)
        #expect(mock.hasCompletionListeners)

        mock.stub(.get(urlPath: "/s"), .ok.body("abc"))
        var generator = SystemRandomNumberGenerator()
        let served = mock.respond(to: RecordedRequest(method: .get, url: "/s"), using: &generator)
        let delivery = StreamDelivery(partsDelivered: 1, parts: 2, clientLeftEarly: true)
        mock.complete(served, delivery: delivery, elapsed: .milliseconds(4), transport: .inProcess, defaultSender: UnusedSender())
        #expect(both.completed.withLock { $0 } == ["/s true"])
        #expect(servedOnly.completed.withLock { $0 }.isEmpty)
        #expect(mock.serveEvents.first?.streamDelivery == delivery, "the delivery is journaled before the listeners hear")
        mock.removeServeListener(token)
        #expect(!mock.hasCompletionListeners)
    }

    final class Counter: Sendable {}

    @Test func aFeaturesStateIsMadeOnceForTheMockAndItsNamespaces() async throws {
        let mock = HTTPMock()
        let made = Locked(0)
        let handles = try (0..<16).map { index in index.isMultiple(of: 2) ? mock : try mock.namespaced("n\(index)") }
        let states = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for handle in handles {
                group.addTask {
                    ObjectIdentifier(handle.extensionValue(Counter.self) { _ in
                        made.withLock { $0 += 1 }
                        return Counter()
                    })
                }
            }
            return await Set(group.reduce(into: []) { $0.append($1) })
        }
        #expect(states.count == 1)
        #expect(made.withLock { $0 } == 1)
    }
}
