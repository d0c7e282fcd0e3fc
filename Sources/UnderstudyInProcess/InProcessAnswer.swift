package import Foundation
package import Understudy
#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// What an in-process transport hands its caller: the response and the body's timed parts,
/// which it delivers after each part's pause (on the task's clock, so cancelling the task
/// ends the wait at once).
package struct InProcessAnswer: Sendable {
    /// The status and final headers, `Matched-Stub-Id` and `Content-Length` included.
    package let response: HTTPURLResponse
    /// The body in the parts the plan gives (one for a plain body).
    package let body: TimedBody

    /// Waits each part's pause, then hands its bytes to `deliver`, in order.
    package func deliver(_ deliver: (Data) -> Void) async throws {
        for part in body.parts {
            if part.delay > .zero { try await Task.sleep(for: part.delay) }
            try Task.checkCancellation()
            deliver(part.bytes)
        }
    }

    /// The whole body, once every part's pause has passed.
    package func collect() async throws -> Data {
        guard body.isTimed else { return body.data }
        var data = Data()
        try await deliver { data.append($0) }
        return data
    }
}
