import Foundation
import Testing
import Understudy
import UnderstudyServer
import UnderstudyUITesting

/// The UI-test scope: a started server the launched app reaches through its launch
/// environment, and the end-of-test checks with the call report.
@MainActor
struct UITestServerTests {
    @Test func appLaunchPointsTheAppAtTheServerAndTheAppsRequestsReachTheRoutes() async throws {
        let app = FakeApp(environment: ["FEATURE_FLAGS": "dark", UnderstudyEnvironment.baseURLKey: "http://stale.example"])
        try await withUITestServer { ui in
            ui.mock.route("/me", method: .get, responses: [.ok.body("Ada")])
            let launched = try ui.appLaunch(app)

            #expect(launched === app)
            #expect(app.launches == 1)
            #expect(app.launchEnvironment == [
                "FEATURE_FLAGS": "dark",
                UnderstudyEnvironment.baseURLKey: try ui.server.baseURL.absoluteString,
            ])
            #expect(try ui.launchEnvironment == ui.server.launchEnvironment)
            #expect(try ui.server.baseURL.host == "127.0.0.1")

            let (status, body) = try await app.load("me")
            #expect(status == 200)
            #expect(body == "Ada")
            #expect(ui.mock.callReport().entries.map(\.requestsArrived) == [1])
        }
    }

    @Test func appsOnASharedServerEachSeeTheirOwnNamespace() async throws {
        let shared = SharedMockServer()
        // Two UI tests at once on one server: the second runs while the first is still open.
        let answers = try await withUITestServer(sharing: shared) { first in
            first.mock.route("/me", method: .get, responses: [.ok.body("Ada")])
            let firstApp = try first.appLaunch(FakeApp())
            #expect(firstApp.launchEnvironment[UnderstudyEnvironment.namespaceKey] == first.mock.namespace)
            let second = try await withUITestServer(sharing: shared) { second in
                second.mock.route("/me", method: .get, responses: [.ok.body("Grace")])
                return try await second.appLaunch(FakeApp()).load("me").1
            }
            return [try await firstApp.load("me").1, second]
        }
        #expect(answers == ["Ada", "Grace"])
        #expect(shared.mock.namespaces.isEmpty)
        try await shared.server.shutdown()
    }

    @Test func theScopeIsTheCurrentMockAndServer() async throws {
        try await withUITestServer { ui in
            #expect(HTTPMock.current === ui.mock)
            let current = try MockServer.current
            #expect(current === ui.server)
        }
    }

    @Test func theServerIsShutDownWhenTheScopeEnds() async throws {
        let ui = try await withUITestServer { $0 }
        #expect(throws: MockServerError.notRunning) { try ui.launchEnvironment }
    }

    @Test func theServerIsShutDownWhenTheBodyThrows() async throws {
        struct Boom: Error {}
        var kept: UITestServer?
        do {
            try await withUITestServer { ui in
                kept = ui
                throw Boom()
            }
            Issue.record("the body's error was not rethrown")
        } catch {
            #expect(error is Boom)
        }
        let ui = try #require(kept)
        #expect(throws: MockServerError.notRunning) { try ui.server.baseURL }
    }

    @Test func unmatchedRequestsFromTheAppAreReportedWithTheCallReportAtTheCaller() async throws {
        let app = FakeApp()
        let expectedLine = #line + 3
        let recorded = await failures {
            do {
                try await withUITestServer { ui in
                    ui.mock.route("/users/{id}", method: .get, responses: [.ok.body("Ada")])
                    try ui.appLaunch(app)
                    _ = try await app.load("users/1")
                    let (status, _) = try await app.load("orders")
                    #expect(status == 404)
                }
            } catch {
                Issue.record(error)
            }
        }
        #expect(recorded.count == 1)
        let failure = try #require(recorded.first)
        #expect(failure.line == expectedLine)
        #expect(failure.message.hasPrefix("1 request(s) matched no stub:\nNo stub matched GET /orders"))
        #expect(failure.message.hasSuffix("""

            Call report:
            GET /users/{id}: 1 response(s) defined, 1 request(s) arrived
            unmatched: 1 request(s)
            """))
    }

    @Test func aStepThatTimesOutInTheScopeEndsWithTheCallReport() async throws {
        let fixture = Fixture([.text("Offline")])
        let app = FakeApp()
        let recorded = await failures {
            do {
                try await withUITestServer { ui in
                    ui.mock.route("/greeting", method: .get, responses: [.ok.body("Hello")])
                    try ui.appLaunch(app)
                    await fixture.screen.withTextEquals("Hello").exist()
                }
            } catch {
                Issue.record(error)
            }
        }
        #expect(recorded.map(\.message) == ["""
            Waited 2 s for element "Hello" to exist, looking 21 time(s) every 0.1 s: no element matches.
            On screen, nearest first: staticText "Offline" (1 element(s) in all).
            Call report:
            GET /greeting: 1 response(s) defined, 0 request(s) arrived
            unmatched: 0 request(s)
            """])
        // Outside a UI test's scope, no call report.
        let plain = await failures { await fixture.screen.withTextEquals("Hello").exist() }
        #expect(plain.first?.message.contains("Call report") == false)
    }

    @Test func unusedStubsAreReportedWhenAsked() async throws {
        let recorded = await failures {
            do {
                try await withUITestServer(reportUnusedStubs: true) { ui in
                    ui.mock.route("/never", method: .get, responses: [.ok])
                }
            } catch {
                Issue.record(error)
            }
        }
        let message = try #require(recorded.first?.message)
        #expect(message.hasPrefix("1 stub(s) answered no request:\n"))
        #expect(message.hasSuffix("Call report:\nGET /never: 1 response(s) defined, 0 request(s) arrived\nunmatched: 0 request(s)"))
    }

    @Test func theCallReportIsAppendedOnceToTheLastEndOfTestFailure() async throws {
        let app = FakeApp()
        let recorded = await failures {
            do {
                try await withUITestServer(reportUnusedStubs: true) { ui in
                    ui.mock.route("/never", method: .get, responses: [.ok])
                    try ui.appLaunch(app)
                    _ = try await app.load("orders")
                }
            } catch {
                Issue.record(error)
            }
        }
        #expect(recorded.count == 2)
        #expect(recorded.map { $0.message.components(separatedBy: "Call report:").count - 1 } == [0, 1])
        #expect(recorded.first?.message.hasPrefix("1 request(s) matched no stub:\n") == true)
        #expect(recorded.last?.message.hasPrefix("1 stub(s) answered no request:\n") == true)
        #expect(recorded.last?.message.hasSuffix("Call report:\nGET /never: 1 response(s) defined, 0 request(s) arrived\nunmatched: 1 request(s)") == true)
    }

    @Test func aCleanRunReportsNothing() async throws {
        let app = FakeApp()
        let recorded = await failures {
            do {
                try await withUITestServer(reportUnusedStubs: true) { ui in
                    ui.mock.route("/ping", responses: [.ok.body("pong")])
                    try ui.appLaunch(app)
                    _ = try await app.load("ping")
                }
            } catch {
                Issue.record(error)
            }
        }
        #expect(recorded.isEmpty)
    }
}
