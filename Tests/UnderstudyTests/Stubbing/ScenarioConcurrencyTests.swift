import Foundation
import Testing
@testable import Understudy

/// A request is matched against one snapshot of the scenario states, and a transition is
/// committed only if the state is still the one the stub needs (wiremock/wiremock#3506: read
/// per stub, a concurrent transition made WireMock answer 404 to a request that one of the
/// two stubs always matches).
struct ScenarioConcurrencyTests {
    @Test func aToggledScenarioNeverMissesAndNeverActsTwiceOnOneState() async {
        let mock = HTTPMock()
        // Whatever the state, exactly one of the two stubs matches; each moves to the other's state.
        let ping = mock.stub(StubMapping(.get(urlPath: "/toggle").header("X-Load", .matches("[a-z]+")), .ok.body("ping"))
            .inScenario("toggle", whenState: Scenario.started, willSetState: "pong"))
        let pong = mock.stub(StubMapping(.get(urlPath: "/toggle").header("X-Load", .matches("[a-z]+")), .ok.body("pong"))
            .inScenario("toggle", whenState: "pong", willSetState: Scenario.started))
        let tasks = 8
        let requestsPerTask = 400
        let misses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    var misses = 0
                    for _ in 0..<requestsPerTask {
                        let event = mock.serve(request(.get, "/toggle", headers: ["X-Load": "abc"]))
                        if !event.wasMatched { misses += 1 }
                    }
                    return misses
                }
            }
            return await group.reduce(0, +)
        }
        #expect(misses == 0)
        let pings = mock.callCount(ofStub: ping.id)
        let pongs = mock.callCount(ofStub: pong.id)
        #expect(pings + pongs == tasks * requestsPerTask)
        // Every answer moved the state on, so the answers alternated: ping, pong, ping, ...
        #expect(pings == pongs)
        #expect(mock.scenarios.first?.state == Scenario.started)
    }
}
