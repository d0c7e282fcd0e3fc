import Foundation
import Testing
import UnderstudyJSON
@testable import Understudy

/// Namespaces partition one mock between tests (`Namespaces/`): a request sees the global
/// stubs and its namespace's, and everything it leaves behind (journal, counts, scenario
/// states) is its namespace's.
struct NamespaceTests {
    private func served(_ mock: HTTPMock, _ url: String, namespace: String? = nil, header: String = Namespace.headerName) -> ServeEvent {
        var headers = HTTPHeaders()
        if let namespace { headers.add(name: header, value: namespace) }
        return mock.serve(request(.get, url, headers: headers))
    }

    private func body(_ event: ServeEvent) -> String? {
        if case .text(let text) = event.response.body { return text }
        return nil
    }

    @Test func aRequestSeesGlobalStubsAndItsNamespacesOnly() throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/global"), .ok.body("global"))
        let a = try mock.namespaced("a")
        a.stub(.get(urlPath: "/mine"), .ok.body("a"))
        try mock.namespaced("b").stub(.get(urlPath: "/mine"), .ok.body("b"))
        #expect(body(served(mock, "/mine", namespace: "a")) == "a")
        #expect(body(served(mock, "/mine", namespace: "b")) == "b")
        #expect(body(served(mock, "/global", namespace: "b")) == "global")
        // MockServer's header names a namespace too.
        #expect(body(served(mock, "/mine", namespace: "b", header: Namespace.mockServerHeaderName)) == "b")
        // No namespace: only global stubs, and the namespaced ones are not even near misses.
        let unnamed = served(mock, "/mine")
        #expect(unnamed.response.status == 404)
        #expect(mock.nearMisses(for: request(.get, "/mine")).nearMisses.allSatisfy { $0.stub?.namespace == nil })
        #expect(mock.nearMisses(for: request(.get, "/mine")).stubCount == 1)
        // A handle serves its own requests in its namespace.
        #expect(body(a.serve(request(.get, "/mine"))) == "a")
        #expect(a.nearMisses(for: request(.get, "/other")).stubCount == 2)
    }

    @Test func prioritiesAndNewestFirstHoldAcrossGlobalAndNamespacedStubs() throws {
        let mock = HTTPMock()
        let space = try mock.namespaced("space")
        mock.stub(StubMapping(priority: 1, .get(urlPath: "/p1"), .ok.body("global p1")))
        space.stub(.get(urlPath: "/p1"), .ok.body("space default"))
        space.stub(StubMapping(priority: 1, .get(urlPath: "/p2"), .ok.body("space p1")))
        mock.stub(.get(urlPath: "/p2"), .ok.body("global default"))
        mock.stub(.get(urlPath: "/newest"), .ok.body("global older"))
        space.stub(.get(urlPath: "/newest"), .ok.body("space newer"))
        #expect(body(space.serve(request(.get, "/p1"))) == "global p1")
        #expect(body(space.serve(request(.get, "/p2"))) == "space p1")
        #expect(body(space.serve(request(.get, "/newest"))) == "space newer")
        #expect(body(mock.serve(request(.get, "/newest"))) == "global older")
    }

    @Test func eachNamespaceMovesItsOwnCopyOfAGlobalScenario() throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/cart"), .created, scenario: "cart", willSetState: "filled")
        mock.stub(.get(urlPath: "/cart"), .ok.body("empty"), scenario: "cart", whenState: Scenario.started)
        mock.stub(.get(urlPath: "/cart"), .ok.body("filled"), scenario: "cart", whenState: "filled")
        let a = try mock.namespaced("a")
        let b = try mock.namespaced("b")
        _ = a.serve(RecordedRequest(method: .post, url: "/cart"))
        #expect(body(a.serve(request(.get, "/cart"))) == "filled")
        #expect(body(b.serve(request(.get, "/cart"))) == "empty")
        #expect(body(mock.serve(request(.get, "/cart"))) == "empty")
        #expect(a.scenarios.first?.state == "filled")
        #expect(b.scenarios.first?.state == Scenario.started)
        try b.setScenarioState("cart", to: "filled")
        #expect(body(b.serve(request(.get, "/cart"))) == "filled")
        b.resetScenarios()
        #expect(body(b.serve(request(.get, "/cart"))) == "empty")
        #expect(body(a.serve(request(.get, "/cart"))) == "filled")
    }

    @Test func journalCountsAndVerificationArePerNamespace() throws {
        let mock = HTTPMock()
        let stub = mock.stub(.get(urlPath: "/ping"), .ok)
        let a = try mock.namespaced("a")
        let b = try mock.namespaced("b")
        for _ in 0..<3 { _ = a.serve(request(.get, "/ping")) }
        _ = b.serve(request(.get, "/ping"))
        _ = mock.serve(request(.get, "/ping"))
        #expect(a.count(matching: .get(urlPath: "/ping")) == 3)
        #expect(b.count(matching: .get(urlPath: "/ping")) == 1)
        #expect(mock.count(matching: .get(urlPath: "/ping")) == 5)
        try a.verify(.exactly(3), .get(urlPath: "/ping"))
        #expect(throws: VerificationError.self) { try b.verify(.exactly(3), .get(urlPath: "/ping")) }
        #expect(a.callCount(ofStub: stub.id) == 3)
        #expect(b.callCount(ofStub: stub.id) == 1)
        #expect(mock.callCount(ofStub: stub.id) == 5)
        b.resetRequests()
        #expect(b.serveEvents.isEmpty)
        #expect(a.serveEvents.count == 3)
    }

    @Test func aDynamicStubCountsCallsPerNamespace() throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/n")) { _, call in .ok.body("\(call)") }
        let a = try mock.namespaced("a")
        let b = try mock.namespaced("b")
        #expect(body(a.serve(request(.get, "/n"))) == "1")
        #expect(body(a.serve(request(.get, "/n"))) == "2")
        #expect(body(b.serve(request(.get, "/n"))) == "1")
    }

    @Test func resettingANamespaceDropsItAndNothingElse() throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/global"), .ok)
        mock.stub(.post(urlPath: "/go"), .ok, scenario: "s", willSetState: "gone")
        let a = try mock.namespaced("a")
        let b = try mock.namespaced("b")
        a.stub(.get(urlPath: "/a"), .ok)
        b.stub(.get(urlPath: "/b"), .ok)
        _ = a.serve(request(.get, "/a"))
        _ = a.serve(RecordedRequest(method: .post, url: "/go"))
        _ = b.serve(request(.get, "/b"))
        #expect(mock.namespaces == ["a", "b"])
        a.reset()
        #expect(mock.namespaces == ["b"])
        #expect(a.stubMappings.isEmpty)
        #expect(a.serveEvents.isEmpty)
        #expect(a.scenarios.first?.state == Scenario.started)
        #expect(b.stubMappings.count == 1)
        #expect(b.serveEvents.count == 1)
        #expect(mock.stubMappings.count == 3)
        #expect(mock.serveEvents.count == 1)
    }

    @Test func aHandleListsEditsAndRemovesOnlyItsOwnStubs() throws {
        let mock = HTTPMock()
        let global = mock.stub(.get(urlPath: "/global"), .ok)
        let a = try mock.namespaced("a")
        let own = a.stub(.get(urlPath: "/own"), .ok)
        #expect(own.namespace == "a")
        #expect(a.stubMappings.map(\.id) == [own.id])
        #expect(a.removeStub(id: global.id) == nil)
        #expect(throws: StubNotFoundError.self) { try a.editStub(global) }
        #expect(mock.stubMapping(id: global.id) != nil)
        a.removeAllStubs()
        #expect(mock.stubMappings.map(\.id) == [global.id])
        // A stub that names another namespace keeps it.
        let elsewhere = a.stub(StubMapping(.get(urlPath: "/x"), .ok).with(namespace: "b"))
        #expect(elsewhere.namespace == "b")
    }

    @Test func waitingForRequestsCountsTheHandlesNamespaceOnly() async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/events"), .created)
        let a = try mock.namespaced("a")
        let b = try mock.namespaced("b")
        _ = b.serve(RecordedRequest(method: .post, url: "/events"))
        let waiting = Task { try await a.waitForRequests(matching: .post(urlPath: "/events"), count: 1) }
        _ = b.serve(RecordedRequest(method: .post, url: "/events"))
        _ = a.serve(RecordedRequest(method: .post, url: "/events"))
        let arrived = try await waiting.value
        #expect(arrived.count == 1)
        #expect(arrived.allSatisfy { $0.namespace == "a" })
    }

    @Test(arguments: ["", "has space", "new\nline", String(repeating: "x", count: 129)])
    func namesThatCannotTravelInAHeaderAreRefused(_ name: String) {
        #expect(throws: NamespaceError.self) { try HTTPMock().namespaced(name) }
    }

    @Test func freshNamespacesAreDistinct() {
        let mock = HTTPMock()
        #expect(mock.namespaced().namespace != mock.namespaced().namespace)
    }

    @Test func aMappingsNamespaceRoundTripsAndIsChecked() throws {
        let document = #"{"request": {"url": "/x"}, "response": {"status": 200}, "namespace": "team-a"}"#
        let (mappings, warnings) = try WireMockMappings.decodeWithWarnings(Data(document.utf8), file: "x.json")
        #expect(mappings.first?.namespace == "team-a")
        #expect(warnings.contains { $0.message.contains("\"namespace\" is an Understudy extension") })
        #expect(try mappings.first?.wireMockJSON()["namespace"] == "team-a")
        let bad = #"{"request": {"url": "/x"}, "namespace": "a b"}"#
        let error = #expect(throws: MappingDecodingError.self) { try WireMockMappings.decodeMapping(Data(bad.utf8)) }
        #expect(error?.message.contains("is not a namespace") == true)
    }
}

private extension StubMapping {
    func with(namespace: String) -> StubMapping {
        var copy = self
        copy.namespace = namespace
        return copy
    }
}
