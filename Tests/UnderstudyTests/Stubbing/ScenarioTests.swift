import Foundation
import Testing
@testable import Understudy

struct ScenarioTests {
    /// The to-do list example of https://wiremock.org/docs/stateful-behaviour/.
    func toDoMock() -> HTTPMock {
        let mock = HTTPMock()
        mock.stub(StubMapping(.get(urlPath: "/todo/items"), .ok.body("<items><item>Buy milk</item></items>"))
            .inScenario("To do list", whenState: Scenario.started))
        mock.stub(StubMapping(.post(urlPath: "/todo/items").body(.contains("Cancel newspaper subscription")), .created)
            .inScenario("To do list", whenState: Scenario.started, willSetState: "Cancel newspaper item added"))
        mock.stub(StubMapping(.get(urlPath: "/todo/items"),
                              .ok.body("<items><item>Buy milk</item><item>Cancel newspaper subscription</item></items>"))
            .inScenario("To do list", whenState: "Cancel newspaper item added"))
        return mock
    }

    @Test func stateMovesAfterMatchingStub() {
        let mock = toDoMock()
        #expect(mock.serve(request(.get, "/todo/items")).response.body == .text("<items><item>Buy milk</item></items>"))
        #expect(mock.serve(request(.post, "/todo/items", body: "Cancel newspaper subscription")).response.status == 201)
        #expect(mock.serve(request(.get, "/todo/items")).response.body
            == .text("<items><item>Buy milk</item><item>Cancel newspaper subscription</item></items>"))
        // In the new state the POST stub (requires Started) no longer matches.
        #expect(mock.serve(request(.post, "/todo/items", body: "Cancel newspaper subscription")).response.status == 404)
    }

    @Test func stubTakesTheScenarioWhereItIsMade() {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/cart"), .ok.json([]), scenario: "checkout", whenState: Scenario.started)
        mock.stub(.post(urlPath: "/cart"), .created, scenario: "checkout", willSetState: "filled")
        mock.stub(.get(urlPath: "/cart"), scenario: "checkout", whenState: "filled") { _, _ in .ok.json(["book"]) }
        #expect(mock.serve(request(.get, "/cart")).response.body == .json([]))
        #expect(mock.serve(request(.post, "/cart")).response.status == 201)
        #expect(mock.serve(request(.get, "/cart")).response.body == .json(["book"]))
        #expect(mock.scenarios == [Scenario(name: "checkout", state: "filled", possibleStates: ["Started", "filled"])])
        // The made stubs carry the scenario as WireMock's fields.
        let post = mock.stubMappings.first { $0.request.method == .post }
        #expect(post?.scenarioName == "checkout")
        #expect(post?.requiredScenarioState == nil)
        #expect(post?.newScenarioState == "filled")
    }

    @Test func scenariosListStatesAndReset() throws {
        let mock = toDoMock()
        #expect(mock.scenarios == [Scenario(name: "To do list", state: "Started",
                                            possibleStates: ["Cancel newspaper item added", "Started"])])
        _ = mock.serve(request(.post, "/todo/items", body: "Cancel newspaper subscription"))
        #expect(mock.scenarios.first?.state == "Cancel newspaper item added")
        mock.resetScenarios()
        #expect(mock.scenarios.first?.state == "Started")
        try mock.setScenarioState("To do list", to: "Cancel newspaper item added")
        #expect(mock.serve(request(.get, "/todo/items")).response.body
            == .text("<items><item>Buy milk</item><item>Cancel newspaper subscription</item></items>"))
        #expect(throws: UnknownScenarioError(name: "Nope", knownNames: ["To do list"])) {
            try mock.setScenarioState("Nope", to: "x")
        }
    }

    @Test func stubWithoutRequiredStateMatchesInAnyState() {
        let mock = HTTPMock()
        mock.stub(StubMapping(.post(urlPath: "/step"), .ok.body("stepped")).inScenario("flow", willSetState: "two"))
        #expect(mock.serve(request(.post, "/step")).response.body == .text("stepped"))
        #expect(mock.serve(request(.post, "/step")).response.body == .text("stepped"))
        #expect(mock.scenarios.first?.state == "two")
    }

    @Test func removingTheLastStubOfAScenarioForgetsIt() {
        let mock = HTTPMock()
        let stub = mock.stub(StubMapping(.post(urlPath: "/step"), .ok).inScenario("flow", willSetState: "two"))
        _ = mock.serve(request(.post, "/step"))
        mock.removeStub(id: stub.id)
        #expect(mock.scenarios.isEmpty)
        mock.stub(stub)
        #expect(mock.scenarios.first?.state == "Started")
    }

    @Test func wrongScenarioStateAppearsInNearMiss() {
        let mock = toDoMock()
        let report = mock.nearMisses(for: request(.post, "/todo/items", body: "Cancel newspaper subscription"))
        #expect(report.nearMisses.first?.result.isExactMatch == true)
        try? mock.setScenarioState("To do list", to: "Cancel newspaper item added")
        let later = mock.nearMisses(for: request(.post, "/todo/items", body: "Cancel newspaper subscription"))
        let scenarioLine = later.nearMisses.first?.comparisons.last
        #expect(scenarioLine?.field == #"scenario "To do list" state"#)
        #expect(scenarioLine?.expected == #""Started""#)
        #expect(scenarioLine?.actual == #""Cancel newspaper item added""#)
    }

    @Test func concurrentRequestsMoveTheStateOnce() async {
        let mock = HTTPMock()
        mock.stub(StubMapping(.post(urlPath: "/claim"), .ok.body("winner"))
            .inScenario("prize", whenState: Scenario.started, willSetState: "claimed"))
        mock.stub(StubMapping(.post(urlPath: "/claim"), .status(409)).inScenario("prize", whenState: "claimed"))
        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<200 { group.addTask { mock.serve(request(.post, "/claim")).response.status } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == 200 }.count == 1)
        #expect(statuses.filter { $0 == 409 }.count == 199)
    }
}
