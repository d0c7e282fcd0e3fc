import Foundation
import Testing
@testable import Understudy

/// Matching runs on a snapshot of the registry: while stubs are edited, added and removed on
/// other threads, a request sees the registry before or after each change, never halfway.
/// (Also run under ThreadSanitizer by `Benchmarks/tsan.sh`.)
struct ConcurrentReplacementTests {
    @Test func aStubMovingBetweenTheExactIndexAndThePatternListIsAlwaysFound() async throws {
        let mock = HTTPMock()
        let id = UUID()
        // Exact-URL stubs live in an index, regex stubs in a list: each edit moves the stub
        // from one to the other, so a torn update would lose it (404) or pair the wrong body.
        func version(_ n: Int) -> StubMapping {
            n.isMultiple(of: 2)
                ? StubMapping(id: id, .get(urlPath: "/item"), .ok.body("exact"))
                : StubMapping(id: id, .request(.get, .urlPathPattern("/i[t]em")), .ok.body("pattern"))
        }
        mock.stub(version(0))
        let edits = 3_000
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            group.addTask {
                for n in 1...edits { try mock.editStub(version(n)) }
                return []
            }
            for _ in 0..<3 {
                group.addTask {
                    (0..<edits).map { _ in
                        let event = mock.serve(request(.get, "/item"))
                        guard let stub = event.stub, case .text(let body) = event.response.body else { return "unmatched" }
                        let isExact = if case .urlPath = stub.request.url.kind { true } else { false }
                        return "\(body)/\(isExact ? "exact" : "pattern")"
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(results.count == 3 * edits)
        let torn = results.filter { $0 != "exact/exact" && $0 != "pattern/pattern" }
        #expect(torn.isEmpty, "\(torn.count) requests saw a half-updated registry: \(Set(torn))")
    }

    @Test func addingAndRemovingThousandsOfStubsNeverHidesTheOthers() async {
        let mock = HTTPMock()
        mock.stub(StubMapping(.get(urlPath: "/stable"), .ok.body("stable")))
        mock.stub(StubMapping(.request(.any, .urlPathPattern("/stable-[0-9]+")), .ok.body("pattern")))
        let misses = await withTaskGroup(of: Int.self) { group in
            group.addTask {
                for round in 0..<20 {
                    let batch = (0..<100).map { StubMapping(.get(urlPath: "/churn/\(round)/\($0)"), .ok) }
                    mock.stub(batch)
                    for stub in batch { mock.removeStub(id: stub.id) }
                }
                return 0
            }
            for reader in 0..<2 {
                group.addTask {
                    (0..<2_000).count { n in
                        let path = n.isMultiple(of: 2) ? "/stable" : "/stable-\(reader)\(n)"
                        return mock.serve(request(.get, path)).response.status != 200
                    }
                }
            }
            return await group.reduce(0, +)
        }
        #expect(misses == 0)
        #expect(mock.stubMappings.count == 2)
    }
}
