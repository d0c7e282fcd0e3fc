import Testing
import UnderstudyStoreConformance
@testable import Understudy

/// The in-memory store keeps the rules every state store keeps.
struct InMemoryStateStoreTests {
    @Test(.timeLimit(.minutes(1)), arguments: MockStateStoreConformance.checks)
    func conforms(_ check: MockStateStoreConformance.Check) async throws {
        try await check.run { InMemoryStateStore(journalCapacity: $0) }
    }

    @Test func aMockServesThroughTheStoreItIsGiven() throws {
        let store = InMemoryStateStore(journalCapacity: 10)
        let mock = HTTPMock(configuration: HTTPMock.Configuration(), store: store)
        let stub = mock.stub(.get(urlPath: "/r"), .ok)
        _ = mock.serve(request(.get, "/r"))
        #expect(store.registry.mappings.map(\.id) == [stub.id])
        #expect(store.callCount(of: stub.id, in: nil) == 1)
        #expect(store.events.count == 1)
    }
}
