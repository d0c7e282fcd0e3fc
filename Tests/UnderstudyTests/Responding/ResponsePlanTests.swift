import Foundation
import Testing
import UnderstudySupport
@testable import Understudy

/// The plan the core makes for every transport (`Responding/ResponsePlan+Making.swift`).
struct ResponsePlanTests {
    private func plan(_ response: ResponseDefinition, method: HTTPMethod = .get, stub: StubIdentity? = nil,
                      delays: GlobalDelays = GlobalDelays()) -> ResponsePlan {
        var generator = SplitMix64(seed: 1)
        return ResponsePlan.make(for: response, to: request(method, "/r"), stub: stub, delays: delays,
                                 bodyData: { try $0.bodyData(root: nil) }, using: &generator)
    }

    private func respond(_ plan: ResponsePlan) throws -> (ResponseHead, TimedBody) {
        guard case let .respond(head, body) = plan.action else { throw PlanMismatch() }
        return (head, body)
    }

    private struct PlanMismatch: Error {}

    @Test func plainBodyIsOnePartWithFinalHeaders() throws {
        let stub = StubIdentity(id: fixedID(7), name: "Get user")
        let (head, body) = try respond(plan(.ok.body("hello").header("Content-Length", "99"), stub: stub))
        #expect(head.status == 200)
        #expect(head.headers.values(for: "Content-Length") == ["5"])
        #expect(head.headers["Matched-Stub-Id"] == "00000000-0000-0000-0000-000000000007")
        #expect(head.headers["Matched-Stub-Name"] == "Get user")
        #expect(body.parts == [TimedBody.Part(bytes: Data("hello".utf8))])
        #expect(!body.isTimed)
    }

    @Test func bodylessStatusesAndHEAD() throws {
        for status in [101, 204, 304] {
            let (head, body) = try respond(plan(.status(status).body("x")))
            #expect(head.headers["Content-Length"] == nil, "\(status)")
            #expect(body.parts.isEmpty, "\(status)")
        }
        let (head, body) = try respond(plan(.ok.body("hello"), method: .head))
        #expect(head.headers["Content-Length"] == "5")
        #expect(body.parts.isEmpty)
    }

    /// WireMock 3.13.2 `servlet/BodyChunker.java`: `length / chunks` bytes per chunk, the
    /// remainder on the last; `WireMockHandlerDispatchingServlet.java` sleeps `total / chunks`
    /// before every chunk, the first included.
    @Test func dribbleFollowsWireMocksChunker() throws {
        let (_, body) = try respond(plan(.ok.body("0123456789").dribbled(chunks: 3, over: .milliseconds(300))))
        #expect(body.parts.map { String(decoding: $0.bytes, as: UTF8.self) } == ["012", "345", "6789"])
        #expect(body.parts.map(\.delay) == Array(repeating: .milliseconds(100), count: 3))
        #expect(body.data == Data("0123456789".utf8))
        #expect(body.isTimed)
    }

    @Test func dribbleNeverMakesMoreChunksThanBytes() throws {
        let (_, body) = try respond(plan(.ok.body("ab").dribbled(chunks: 10, over: .milliseconds(100))))
        #expect(body.parts.map(\.bytes) == [Data("a".utf8), Data("b".utf8)])
        #expect(body.parts.map(\.delay) == [.milliseconds(50), .milliseconds(50)])
    }

    /// WireMock 3.13.2 `http/Response.java` (`configureDelay`): the stub's fixed delay replaces
    /// the global one, its distribution replaces the global one, and the two kinds add up.
    @Test func globalDelaysApplyWhereTheStubSetsNone() {
        let global = GlobalDelays(fixedDelayMilliseconds: 100, delayDistribution: .fixed(milliseconds: 7))
        #expect(plan(.ok, delays: global).delay == .milliseconds(107))
        #expect(plan(.ok.delayed(by: .milliseconds(20)), delays: global).delay == .milliseconds(27))
        #expect(plan(.ok.delayed(by: .fixed(milliseconds: 3)), delays: global).delay == .milliseconds(103))
        #expect(plan(.ok).delay == .zero)
    }

    @Test func faultsAndProxiesAreActionsAfterTheDelay() {
        let fault = plan(.fault(.emptyResponse).delayed(by: .milliseconds(5)))
        #expect(fault.delay == .milliseconds(5))
        guard case .fault(.emptyResponse) = fault.action else {
            Issue.record("expected the fault, got \(fault.action)")
            return
        }
        guard case .proxy(let proxy) = plan(.proxy(to: "http://upstream.test/base")).action else {
            Issue.record("expected a proxy action")
            return
        }
        #expect(proxy.url == "http://upstream.test/base/r")
    }

    @Test func unreadableBodyFileIsA500NamingTheStub() throws {
        let stub = StubIdentity(id: fixedID(3), name: nil)
        let (head, body) = try respond(plan(.ok.bodyFile("missing.json"), stub: stub))
        #expect(head.status == 500)
        let text = String(decoding: body.data, as: UTF8.self)
        #expect(text.hasPrefix("Stub id 00000000-0000-0000-0000-000000000003 cannot be served: "))
    }

    @Test func mockPlansWithItsGlobalDelaysAndStubIdentity() throws {
        let mock = HTTPMock()
        let stub = mock.stub(.get(urlPath: "/r"), .ok.body("x"), name: "R")
        mock.globalDelays = GlobalDelays(fixedDelayMilliseconds: 40)
        var generator = SplitMix64(seed: 1)
        let planned = mock.respond(to: request(.get, "/r"), using: &generator).plan
        #expect(planned.delay == .milliseconds(40))
        let (head, _) = try respond(planned)
        #expect(head.headers["Matched-Stub-Id"] == stub.id.uuidString.lowercased())
        #expect(head.headers["Matched-Stub-Name"] == "R")
        mock.reset()
        #expect(mock.globalDelays == GlobalDelays(fixedDelayMilliseconds: 40))
    }

    /// A static answer's plans share a key (a transport may keep its encoding of them against
    /// it): the same stub, or the same prepared response served by the same stub, the same key;
    /// another stub, a replaced stub, a prepared response served by another stub, a `HEAD`, a
    /// templated answer, or a plan whose action changed, none or another.
    @Test func onlyUnchangedStaticAnswersShareAKey() throws {
        let mock = HTTPMock()
        let stub = mock.stub(.any(urlPath: "/r"), .ok.body("x"))
        mock.stub(.get(urlPath: "/other"), .ok.body("x"))
        mock.stub(.get(urlPath: "/templated"), .ok.body("{{request.path}}").templated())
        let prepared = PreparedResponse(.ok.body("p"))
        let responder = DynamicResponder(answering: { _, _ in .prepared(prepared) })
        mock.stub(StubMapping(request: .get(urlPath: "/prepared"), response: .dynamic(responder)))
        mock.stub(StubMapping(request: .get(urlPath: "/prepared-too"), response: .dynamic(responder)))
        var generator = SplitMix64(seed: 1)
        // Every key is kept, so that none is freed and its address reused while the test
        // compares their identifiers.
        var kept: [any AnyObject & Sendable] = []
        func key(_ method: HTTPMethod = .get, _ path: String = "/r") -> ObjectIdentifier? {
            guard let key = mock.respond(to: request(method, path), using: &generator).plan.reusableKey else { return nil }
            kept.append(key)
            return ObjectIdentifier(key)
        }
        let first = try #require(key())
        #expect(key() == first)
        #expect(key(.post) == first)
        #expect(key(.head) == nil)
        #expect(key(.get, "/other") != first)
        #expect(key(.get, "/templated") == nil)
        #expect(key(.get, "/missing") == nil)
        let preparedKey = try #require(key(.get, "/prepared"))
        #expect(key(.get, "/prepared") == preparedKey)
        let preparedTooKey = try #require(key(.get, "/prepared-too"))
        #expect(preparedTooKey != preparedKey)
        mock.stub(StubMapping(id: stub.id, .any(urlPath: "/r"), .ok.body("y")))
        let replaced = try #require(key())
        #expect(replaced != first)
        var changed = mock.respond(to: request(.get, "/r"), using: &generator).plan
        let (head, body) = try respond(changed)
        changed.action = .respond(head, body)
        #expect(changed.reusableKey == nil)
    }

    @Test func theConfigurationSetsTheGlobalDelaysFromTheStart() {
        let configured = GlobalDelays(fixedDelayMilliseconds: 25, delayDistribution: .uniform(lower: 5, upper: 5))
        let mock = HTTPMock(configuration: .init(globalDelays: configured))
        mock.stub(.get(urlPath: "/r"), .ok)
        #expect(mock.globalDelays == configured)
        var generator = SplitMix64(seed: 1)
        #expect(mock.respond(to: request(.get, "/r"), using: &generator).plan.delay == .milliseconds(30))
    }

    @Test func aPreparedResponseIsPlannedForEachStubThatServesIt() throws {
        let mock = HTTPMock()
        let prepared = PreparedResponse(.ok.json(["a": 1]).header("X-Kind", "prepared").delayed(by: .milliseconds(15)))
        let responder = DynamicResponder(answering: { _, _ in .prepared(prepared) })
        let first = mock.stub(StubMapping(name: "First", request: .get(urlPath: "/a"), response: .dynamic(responder)))
        let second = mock.stub(StubMapping(request: .get(urlPath: "/b"), response: .dynamic(responder)))
        var generator = SplitMix64(seed: 1)
        for (path, stub) in [("/a", first), ("/a", first), ("/b", second), ("/a", first)] {
            let served = mock.respond(to: request(.get, path), using: &generator)
            #expect(served.plan.delay == .milliseconds(15))
            let (head, body) = try respond(served.plan)
            #expect(head.headers["Matched-Stub-Id"] == stub.id.uuidString.lowercased(), "\(path)")
            #expect(head.headers["Matched-Stub-Name"] == stub.name, "\(path)")
            #expect(head.headers["X-Kind"] == "prepared")
            #expect(head.headers["Content-Length"] == "7")
            #expect(body.data == Data(#"{"a":1}"#.utf8))
            // The journal shows the response as the responder gave it.
            #expect(served.event.response.body == .json(["a": 1]))
        }
        mock.stub(StubMapping(request: .request(.head, .urlPath("/h")), response: .dynamic(responder)))
        let (head, body) = try respond(mock.respond(to: request(.head, "/h"), using: &generator).plan)
        #expect(head.headers["Content-Length"] == "7")
        #expect(body.parts.isEmpty)
        // Served in process, the prepared response is the response.
        #expect(mock.serve(request(.get, "/b")).response.headers["X-Kind"] == "prepared")
    }

    /// A responder that can tell its prepared answer without the call count (OpenAPI's
    /// operations) is not run for it: the answer is journaled as the call is counted, and served
    /// and journaled as the responder's own would be.
    @Test func aPreparedAnswerFoundBeforeTheCountIsJournaledWithTheCommit() throws {
        let mock = HTTPMock()
        let prepared = PreparedResponse(.ok.json(["a": 1]).header("X-Kind", "prepared"))
        let ran = Locked(0)
        let responder = DynamicResponder(answering: { _, callCount in
            ran.withLock { $0 += 1 }
            return .made(.status(201).body("call \(callCount)"))
        }, preparedAnswer: { request in request.headers["Prefer"] == "prepared" ? prepared : nil })
        let stub = mock.stub(StubMapping(request: .get(urlPath: "/p"), response: .dynamic(responder)))
        var generator = SplitMix64(seed: 1)
        for _ in 0..<3 {
            let served = mock.respond(to: RecordedRequest(method: .get, url: "/p", headers: ["Prefer": "prepared"]), using: &generator)
            let (head, body) = try respond(served.plan)
            #expect(head.headers["X-Kind"] == "prepared")
            #expect(head.headers["Matched-Stub-Id"] == stub.id.uuidString.lowercased())
            #expect(body.data == Data(#"{"a":1}"#.utf8))
            #expect(served.event.response.body == .json(["a": 1]))
        }
        #expect(ran.withLock { $0 } == 0)
        // Without a prepared answer the responder runs, with the count the prepared calls made.
        let made = mock.respond(to: request(.get, "/p"), using: &generator)
        #expect(made.event.response.body == .text("call 4"))
        #expect(ran.withLock { $0 } == 1)
        #expect(mock.serveEvents.count == 4)
        #expect(mock.serveEvents.allSatisfy { $0.stub?.id == stub.id })
    }

    @Test func aPreparedResponseThatNeedsTheDiskIsPlannedPerRequest() throws {
        let mock = HTTPMock()
        let prepared = PreparedResponse(.ok.bodyFile("missing.json"))
        let stub = mock.stub(StubMapping(request: .get(urlPath: "/f"), response: .dynamic(DynamicResponder(answering: { _, _ in .prepared(prepared) }))))
        var generator = SplitMix64(seed: 1)
        let (head, body) = try respond(mock.respond(to: request(.get, "/f"), using: &generator).plan)
        #expect(head.status == 500)
        #expect(String(decoding: body.data, as: UTF8.self).hasPrefix("Stub id \(stub.id.uuidString.lowercased()) cannot be served: "))
    }
}
