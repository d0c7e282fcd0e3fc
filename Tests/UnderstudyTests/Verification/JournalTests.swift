import Foundation
import Testing
@testable import Understudy

struct JournalTests {
    @Test func journalKeepsRequestsWithTheirStub() {
        let mock = HTTPMock()
        let stub = mock.stub(.get(urlPath: "/a"), .ok)
        _ = mock.serve(request(.get, "/a"))
        _ = mock.serve(request(.get, "/b"))
        #expect(mock.serveEvents.map(\.request.url) == ["/a", "/b"])
        #expect(mock.serveEvents.map(\.stub?.id) == [stub.id, nil])
        #expect(mock.unmatchedRequests.map(\.url) == ["/b"])
    }

    @Test func journalIsBoundedDroppingTheOldest() {
        let mock = HTTPMock(configuration: .init(journalCapacity: 3))
        for number in 1...5 { _ = mock.serve(request(.get, "/\(number)")) }
        #expect(mock.serveEvents.map(\.request.url) == ["/3", "/4", "/5"])
        #expect(mock.count(matching: .anyRequest) == 3)
    }

    @Test func countFindAndRemoveByPattern() {
        let mock = HTTPMock()
        for path in ["/users/1", "/users/2", "/orders/1", "/users/3"] { _ = mock.serve(request(.get, path)) }
        let users = RequestPattern(method: .get, url: .urlPathPattern("/users/.*"))
        #expect(mock.count(matching: users) == 3)
        #expect(mock.requests(matching: users).map(\.url) == ["/users/1", "/users/2", "/users/3"])
        #expect(mock.removeRequests(matching: users) == 3)
        #expect(mock.serveEvents.map(\.request.url) == ["/orders/1"])
        mock.resetRequests()
        #expect(mock.serveEvents.isEmpty)
    }

    @Test func serveEventByID() {
        let mock = HTTPMock()
        let id = fixedID(7)
        _ = mock.serve(request(.get, "/a", id: id))
        #expect(mock.serveEvent(id: id)?.request.url == "/a")
        #expect(mock.serveEvent(id: fixedID(8)) == nil)
    }

    @Test func entriesAreFoundAndFinishedByIDAcrossWrapAroundAndRemoval() {
        // The journal indexes entries by request id; the index follows the ring buffer as it
        // drops the oldest entries and as entries are removed.
        let mock = HTTPMock(configuration: .init(journalCapacity: 3))
        var events: [ServeEvent] = []
        for number in 1...5 { events.append(mock.serve(request(.get, "/\(number)", id: fixedID(number)))) }
        #expect(mock.serveEvent(id: fixedID(1)) == nil && mock.serveEvent(id: fixedID(2)) == nil, "dropped")
        #expect((3...5).map { mock.serveEvent(id: fixedID($0))?.request.url } == ["/3", "/4", "/5"])
        let finished = mock.finish(events[3], with: .streamed(StreamDelivery(partsDelivered: 1, parts: 2, clientLeftEarly: true)))
        #expect(mock.serveEvent(id: fixedID(4))?.streamDelivery == finished.streamDelivery)
        #expect(mock.serveEvents.map(\.streamDelivery?.partsDelivered) == [nil, 1, nil], "only that entry changed")
        mock.finish(events[0], with: .proxied(.ok))   // no longer journaled: nothing to finish
        #expect(mock.serveEvents.map(\.request.url) == ["/3", "/4", "/5"])
        #expect(mock.removeRequests(matching: .get(url: "/3")) == 1)
        _ = mock.serve(request(.get, "/6", id: fixedID(6)))
        #expect(mock.finish(events[4], with: .proxied(.status(502))).wasProxied)
        #expect(mock.serveEvent(id: fixedID(5))?.response.status == 502)
        #expect(mock.serveEvents.map(\.request.url) == ["/4", "/5", "/6"])
    }

    @Test func concurrentServingAndStubChangesLoseNothing() async {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/stable"), .ok.body("stable"))
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for iteration in 0..<250 {
                        let event = mock.serve(request(.get, "/stable"))
                        #expect(event.response.body == .text("stable"), "worker \(worker) iteration \(iteration)")
                    }
                }
            }
            group.addTask {
                for iteration in 0..<250 {
                    let stub = mock.stub(.get(urlPath: "/churn/\(iteration)"), .ok)
                    mock.removeStub(id: stub.id)
                }
            }
        }
        #expect(mock.count(matching: .get(urlPath: "/stable")) == 2_000)
        #expect(mock.stubMappings.count == 1)
    }
}
