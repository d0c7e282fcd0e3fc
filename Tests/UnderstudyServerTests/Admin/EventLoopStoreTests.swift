import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import Testing
import Understudy
import UnderstudyMessaging
@testable import UnderstudyServer

/// No event loop ever waits on a store: a store in another process (``EventLoopWatchingStore``
/// says it is remote, as the PostgreSQL store does) has its blocking parts called off the event
/// loops for HTTP requests, admin calls, WebSocket upgrades, the dashboard's backlog and its live
/// feed. The store notes every such call made on an event loop's thread; a store that made round
/// trips there would stall every connection of that loop. Its serving parts are asynchronous
/// (they suspend for a round trip, never block), so a request's task runs them on its loop's
/// executor (`EventLoopTaskExecutor`), sparing two thread switches per request.
struct EventLoopStoreTests {
    /// The in-memory store, saying it is remote, noting the calls made on an event loop.
    final class EventLoopWatchingStore: MockStateStore {
        let base = InMemoryStateStore(journalCapacity: 100)
        let callsOnEventLoops = NIOLockedValueBox<[String]>([])
        /// The serving parts called, and whether each ran on an event loop's thread.
        let servingCalls = NIOLockedValueBox<[(call: String, onEventLoop: Bool)]>([])

        private func noteServing(_ call: String = #function) {
            let onEventLoop = MultiThreadedEventLoopGroup.currentEventLoop != nil
            servingCalls.withLockedValue { $0.append((call, onEventLoop)) }
        }

        private func note(_ call: String = #function) {
            if MultiThreadedEventLoopGroup.currentEventLoop != nil { callsOnEventLoops.withLockedValue { $0.append(call) } }
        }

        var registry: StubRegistry { note(); return base.registry }
        func add(_ stubs: [StubRegistry.PreparedStub]) { note(); base.add(stubs) }
        func replace(_ stub: StubMapping, ifEditable isEditable: (StubMapping) -> Bool) throws(StubNotFoundError) {
            note()
            try base.replace(stub, ifEditable: isEditable)
        }
        func removeStubs(where shouldRemove: (StubMapping) -> Bool) -> [StubMapping] { note(); return base.removeStubs(where: shouldRemove) }
        func snapshot(for namespace: String?) -> StoreSnapshot { noteServing(); return base.snapshot(for: namespace) }
        func commit(_ entry: StubRegistry.Entry, namespace: String?, generation: StoreGeneration,
                    journaling answer: JournalAnswer?) -> StoreCommit? {
            noteServing()
            return base.commit(entry, namespace: namespace, generation: generation, journaling: answer)
        }
        func confirmMiss(namespace: String?, generation: StoreGeneration) -> Bool { noteServing(); return base.confirmMiss(namespace: namespace, generation: generation) }
        func journal(_ answer: JournalAnswer) -> ServeEvent { noteServing(); return base.journal(answer) }
        func replace(_ event: ServeEvent) { note(); base.replace(event) }
        var events: [ServeEvent] { note(); return base.events }
        func event(id: UUID) -> ServeEvent? { note(); return base.event(id: id) }
        func removeEvents(where shouldRemove: (ServeEvent) -> Bool) -> [ServeEvent] { note(); return base.removeEvents(where: shouldRemove) }
        func wait(for pattern: RequestPattern, namespace: String?, count: Int,
                  continuation: CheckedContinuation<Void, any Error>) -> UInt64? {
            note()
            return base.wait(for: pattern, namespace: namespace, count: count, continuation: continuation)
        }
        func endWaiting(_ id: UInt64, throwing error: any Error) { note(); base.endWaiting(id, throwing: error) }
        func scenarioStates(in namespace: String?) -> ScenarioStates { note(); return base.scenarioStates(in: namespace) }
        func changeScenarios(in namespace: String?, _ change: (inout ScenarioStates) -> Void) { note(); base.changeScenarios(in: namespace, change) }
        func callCount(of id: UUID, in namespace: String?) -> Int { note(); return base.callCount(of: id, in: namespace) }
        func reset(namespace: String) { note(); base.reset(namespace: namespace) }
        func resetAll() { note(); base.resetAll() }
        var sharedSettings: JSONObject? { note(); return nil }
        func shareSettings(_ settings: JSONObject) { note() }
        func observeSettings(_ apply: @escaping @Sendable (JSONObject) -> Void) { note() }
    }

    @Test func httpAdminWebSocketUpgradesAndTheDashboardNeverCallTheStoreOnAnEventLoop() async throws {
        let store = EventLoopWatchingStore()
        let mock = HTTPMock(configuration: HTTPMock.Configuration(), store: store)
        mock.stub(.get(urlPath: "/hello"), .ok.body("hi"))
        mock.stub(.get(urlPath: "/socket"), .ok.acceptingWebSocket())
        try await withMockServer(mock) { server in
            let base = try server.baseURL
            // HTTP: a static stub, a miss with its near-miss report.
            #expect(try await send(base.appendingPathComponent("hello")).body == "hi")
            #expect(try await send(base.appendingPathComponent("nothing")).status == 404)
            // Admin calls: a read, a stub added, the journal.
            #expect(try await send(base.appendingPathComponent("__admin/mappings")).status == 200)
            let added = try await send(base.appendingPathComponent("__admin/mappings"), method: "POST",
                                       body: #"{"request": {"urlPath": "/added"}, "response": {"status": 204}}"#)
            #expect(added.status == 201)
            #expect(try await send(base.appendingPathComponent("__admin/requests")).status == 200)
            // A WebSocket upgrade its HTTP stub accepts, journaled as served by it.
            try await withWebSocket(server, path: "/socket") { session in
                try await session.send("ping")
            }
            #expect(mock.serveEvents.contains { $0.request.path == "/socket" && $0.stub?.request.url == .urlPath("/socket") })
            // The dashboard's backlog: its first message holds the journal's requests.
            var request = HTTPClientRequest(url: base.appendingPathComponent("__admin/dashboard/events").absoluteString)
            request.method = .GET
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
            #expect(response.status.code == 200)
            var body = response.body.makeAsyncIterator()
            var received = ""
            while !received.contains("/hello"), let part = try await body.next() { received += String(buffer: part) }
            // The live feed: a miss served while the dashboard watches reaches it, near misses and all.
            #expect(try await send(base.appendingPathComponent("live")).status == 404)
            while !received.contains("/live"), let part = try await body.next() { received += String(buffer: part) }
            #expect(received.contains("nearMissReport"))
        }
        #expect(store.callsOnEventLoops.withLockedValue { $0 } == [])
        let serving = store.servingCalls.withLockedValue { $0 }
        #expect(Set(serving.map(\.call)) == ["snapshot(for:)", "commit(_:namespace:generation:journaling:)", "confirmMiss(namespace:generation:)", "journal(_:)"])
        // Where task executors exist, a request's task runs on its loop: no hop to the pool.
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            #expect(serving.filter { !$0.onEventLoop }.isEmpty)
        }
    }
}
