import Foundation
import Testing
import Understudy
@testable import UnderstudyServer
import UnderstudyNetworkProfiles

@Suite("Admin API: scenarios, settings, health, routing")
struct AdminSystemTests {
    static func scenarioMock() -> AdminHarness {
        let admin = AdminHarness()
        admin.mock.stub(StubMapping(.post(urlPath: "/todo"), .created).inScenario("todo", whenState: "Started", willSetState: "added"))
        admin.mock.stub(StubMapping(.get(urlPath: "/todo"), .ok).inScenario("todo", whenState: "added"))
        return admin
    }

    @Test func listScenarios() {
        let admin = Self.scenarioMock()
        #expect(admin.call(.get, "/scenarios").bodyJSON == .parse("""
        {"scenarios": [{"id": "todo", "name": "todo", "state": "Started", "possibleStates": ["Started", "added"]}]}
        """))
    }

    @Test func setAndResetScenarioState() {
        let admin = Self.scenarioMock()
        let response = admin.call(.put, "/scenarios/todo/state", #"{"state": "added"}"#)
        #expect(response.status == 200)
        #expect(admin.mock.scenarios.first?.state == "added")
        #expect(admin.call(.post, "/scenarios/reset").status == 200)
        #expect(admin.mock.scenarios.first?.state == "Started")
    }

    @Test(arguments: [
        ("/scenarios/nope/state", #"{"state": "added"}"#, 404),
        ("/scenarios/todo/state", #"{"state": "gone"}"#, 422),
        ("/scenarios/todo/state", #"{"status": "added"}"#, 422),
        ("/scenarios/todo/state", "{", 422),
    ])
    func badScenarioRequests(path: String, body: String, status: Int) {
        let admin = Self.scenarioMock()
        #expect(admin.call(.put, path, body).status == status)
        #expect(admin.mock.scenarios.first?.state == "Started")
    }

    @Test func settingsAreStoredAndReturned() {
        let admin = AdminHarness()
        #expect(admin.call(.get, "/settings").bodyJSON == ["settings": [:]])
        #expect(admin.call(.post, "/settings", #"{"fixedDelay": 100}"#).bodyJSON == ["fixedDelay": 100])
        #expect(admin.call(.patch, "/settings/extended", #"{"extended": {"a": 1}}"#).status == 200)
        #expect(admin.call(.put, "/settings", #"{"settings": {"fixedDelay": 5, "extended": {"b": 2}}}"#).status == 200)
        #expect(admin.call(.patch, "/settings", #"{"fixedDelay": 7}"#).bodyJSON == ["fixedDelay": 7, "extended": ["b": 2]])
        #expect(admin.call(.get, "/settings").bodyJSON == ["settings": ["fixedDelay": 7, "extended": ["b": 2]]])
        #expect(admin.call(.post, "/settings", #"{"fixedDelay": "slow"}"#).status == 422)
        #expect(admin.call(.post, "/settings", #"{"fixDelay": 1}"#).status == 422)
    }

    /// WireMock 3.13.2 `global/GlobalSettings.java` takes `fixedDelay`, `delayDistribution`,
    /// `extended` and `proxyPassThrough` (a boolean); its Jackson mapper (`common/Json.java`
    /// leaves FAIL_ON_UNKNOWN_PROPERTIES on) refuses other keys. `proxyPassThrough` only acts
    /// with browser proxying (`core/WireMockApp.java` `serveStubFor`), which Understudy lacks:
    /// an unmatched request is a 404 whatever it says.
    @Test func settingsKeysAreWireMocksAndProxyPassThroughIsABoolean() {
        let admin = AdminHarness()
        #expect(admin.call(.post, "/settings", #"{"proxyPassThrough": false}"#).bodyJSON == ["proxyPassThrough": false])
        #expect(admin.mock.serve(recorded(.get, "/nothing-here")).response.status == 404)
        let notABoolean = admin.call(.patch, "/settings", #"{"proxyPassThrough": "no"}"#)
        #expect(notABoolean.status == 422)
        #expect(notABoolean.bodyText.contains("proxyPassThrough is true or false"))
        let unknown = admin.call(.patch, "/settings", #"{"fixedDelay": 5, "delay": 1}"#)
        #expect(unknown.status == 422)
        #expect(unknown.bodyText.contains(#"unknown setting \"delay\""#))
        #expect(admin.call(.get, "/settings").bodyJSON == ["settings": ["proxyPassThrough": false]])
    }

    /// `networkProfile` is an Understudy extension of the settings: it becomes the mock's
    /// profile, a bad one changes nothing, and without it the configured profile applies.
    @Test func settingsNetworkProfileBecomesTheMocksProfile() {
        let admin = AdminHarness()
        #expect(admin.call(.post, "/settings", #"{"networkProfile": "Edge"}"#).bodyJSON == ["networkProfile": "Edge"])
        #expect(admin.mock.networkProfile == .edge)
        let refused = admin.call(.patch, "/settings", #"{"networkProfile": "6G"}"#)
        #expect(refused.status == 422)
        #expect(refused.bodyText.contains(#"unknown network profile \"6G\""#), "\(refused.bodyText)")
        #expect(admin.mock.networkProfile == .edge)
        #expect(admin.call(.patch, "/settings", #"{"networkProfile": {"downlinkDelayMilliseconds": 40}}"#).status == 200)
        #expect(admin.mock.networkProfile?.downlink.delay == .milliseconds(40))
        #expect(admin.call(.post, "/reset").status == 200)
        #expect(admin.mock.networkProfile?.downlink.delay == .milliseconds(40))
        #expect(admin.call(.patch, "/settings", #"{"networkProfile": null}"#).status == 200)
        #expect(admin.mock.networkProfile == nil)
    }

    /// A stub's `networkProfile` round-trips through the admin API.
    @Test func aStubsNetworkProfileRoundTrips() throws {
        let admin = AdminHarness()
        let created = admin.call(.post, "/mappings", #"{"request": {"url": "/feed"}, "response": {"status": 200, "networkProfile": "3G"}}"#)
        #expect(created.status == 201)
        #expect(created.bodyJSON["response"]?["networkProfile"] == "3G")
        #expect(admin.mock.stubMappings.first?.response.definition?.networkProfile == .threeG)
    }

    /// WireMock 3.13.2 `http/Response.java` (`configureDelay`): the global `fixedDelay` and
    /// `delayDistribution` delay every response that sets none of its own.
    @Test func settingsDelaysBecomeTheMocksGlobalDelays() {
        let admin = AdminHarness()
        let body = #"{"fixedDelay": 100, "delayDistribution": {"type": "fixed", "milliseconds": 5}}"#
        #expect(admin.call(.post, "/settings", body).status == 200)
        let expected = GlobalDelays(fixedDelayMilliseconds: 100, delayDistribution: .fixed(milliseconds: 5))
        #expect(admin.mock.globalDelays == expected)
        #expect(admin.call(.patch, "/settings", #"{"fixedDelay": null}"#).status == 200)
        #expect(admin.mock.globalDelays == GlobalDelays(delayDistribution: .fixed(milliseconds: 5)))
        // A bad distribution is refused and changes nothing.
        let refused = admin.call(.patch, "/settings", #"{"delayDistribution": {"type": "gaussian"}}"#)
        #expect(refused.status == 422)
        #expect(refused.bodyText.contains("unknown delay distribution"))
        #expect(admin.mock.globalDelays == GlobalDelays(delayDistribution: .fixed(milliseconds: 5)))
        #expect(admin.call(.get, "/settings").bodyJSON == ["settings": ["delayDistribution": ["type": "fixed", "milliseconds": 5]]])
        // Resetting stubs and journal keeps the settings, as WireMock's reset does.
        #expect(admin.call(.post, "/reset").status == 200)
        #expect(admin.mock.globalDelays == GlobalDelays(delayDistribution: .fixed(milliseconds: 5)))
    }

    @Test func healthAndVersion() {
        let admin = AdminHarness()
        let health = admin.call(.get, "/health")
        #expect(health.status == 200)
        #expect(health.bodyJSON.objectValue?.keys == ["status", "message", "version", "uptimeInSeconds", "timestamp"])
        #expect(health.bodyJSON["status"] == "healthy")
        #expect(health.bodyJSON["message"] == "Wiremock is ok")
        #expect(admin.call(.get, "/version").bodyJSON == ["version": "3.13.2"])
        #expect(admin.call(.get, "/version", headers: ["Accept": "text/plain"]).bodyText == "3.13.2")
    }

    /// `POST /mappings/reset` is `ResetToDefaultMappingsTask`, which calls
    /// `WireMockApp.resetToDefaultMappings()`: stubs (and with them scenarios) cleared, the
    /// journal reset, the root's mappings loaded again; `POST /reset` (`resetAll`) calls the
    /// same (WireMock 3.13.2 `core/WireMockApp.java`).
    @Test(arguments: ["/reset", "/mappings/reset"])
    func resetClearsStubsJournalAndScenarios(path: String) {
        let admin = Self.scenarioMock()
        _ = admin.mock.serve(recorded(.post, "/todo"))
        #expect(admin.call(.post, path).status == 200)
        #expect(admin.mock.stubMappings.isEmpty)
        #expect(admin.mock.serveEvents.isEmpty)
        #expect(admin.mock.scenarios.isEmpty)
    }

    @Test(arguments: ["/reset", "/mappings/reset"])
    func resetReloadsTheRootsMappings(path: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-admin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"{"request": {"url": "/from-root"}, "response": {"status": 204}}"#.utf8)
            .write(to: folder.appendingPathComponent("mappings/root.json"))
        let admin = AdminHarness(HTTPMock(configuration: .init(root: MappingsRoot(folder))))
        admin.mock.stub(.get(urlPath: "/added-later"), .ok)
        _ = admin.mock.serve(recorded(.get, "/added-later"))
        #expect(admin.call(.post, path).status == 200)
        #expect(admin.mock.stubMappings.map(\.request.url) == [.url("/from-root")])
        #expect(admin.mock.serveEvents.isEmpty)
    }

    @Test func resetWithAnUnreadableRootChangesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-admin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: folder.appendingPathComponent("mappings/bad.json"))
        let admin = AdminHarness(HTTPMock(configuration: .init(root: MappingsRoot(folder))))
        admin.mock.stub(.get(urlPath: "/kept"), .ok)
        let response = admin.call(.post, "/reset")
        #expect(response.status == 422)
        #expect(admin.mock.stubMappings.count == 1)
    }

    @Test func shutdownAnswersThenAsksTheServerToStop() {
        let calls = ShutdownCounter()
        let admin = AdminHarness(onShutdown: { calls.increment() })
        #expect(admin.call(.post, "/shutdown").status == 200)
        #expect(calls.value == 1)
    }

    @Test(arguments: [
        (HTTPMethod.get, "/nothing-here", 404),
        (.post, "", 405),
        (.get, "/mappings/save", 405),
        (.put, "/requests", 405),
        (.post, "/health", 405),
        (.head, "/health", 200),
    ])
    func routing(method: HTTPMethod, path: String, status: Int) {
        let response = AdminHarness().call(method, path)
        #expect(response.status == status)
        if status == 405 { #expect(response.headers["Allow"] != nil) }
        if status >= 400 { #expect(response.bodyJSON["errors"] != nil) }
    }
}

/// Counts shutdown requests across threads.
final class ShutdownCounter: @unchecked Sendable {
    // `@unchecked Sendable` is safe: `count` is only touched while `lock` is held.
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
