import Foundation
@testable import Understudy

/// A request with the given method and URL, for tests.
func request(
    _ method: HTTPMethod = .get,
    _ url: String,
    headers: HTTPHeaders = [:],
    body: String? = nil,
    id: UUID = UUID()
) -> RecordedRequest {
    RecordedRequest(id: id, method: method, url: url, headers: headers, body: Data((body ?? "").utf8))
}

/// A fixed UUID whose last group is `n`, so reports are deterministic.
func fixedID(_ n: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))!
}

/// The folder of the test fixtures.
let fixturesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// A request sent for an OpenAPI operation (or, with `nil`, for none).
func sent(_ method: HTTPMethod, _ url: String, operationId: String?) -> RecordedRequest {
    var recorded = request(method, url)
    recorded.operationId = operationId
    return recorded
}

/// Runs CPU-heavy synchronous work on a thread of its own, off Swift concurrency's pool: the
/// pool has one thread per core (two on CI), and a test holding one for seconds starves the
/// socket tests running beside it, whose clients then time out.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
