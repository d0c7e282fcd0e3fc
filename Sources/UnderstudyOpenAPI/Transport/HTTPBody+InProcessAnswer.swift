import Foundation
import OpenAPIRuntime
import UnderstudyInProcess

extension HTTPBody {
    /// The body of an in-process answer. A plain body is delivered at once (its webhooks fire
    /// first) with its length known. A timed body (a dribbled body, a stream) is a sequence,
    /// read once, that hands out each part at its time, ends by throwing the fault's `URLError`
    /// when the stream ends with one, and stops delivering when its reader stops iterating.
    convenience init(_ answer: InProcessAnswer) async throws {
        guard !answer.body.arrivesAtOnce else {
            let data = try await answer.collect()
            self.init(data)
            return
        }
        let (parts, continuation) = AsyncThrowingStream.makeStream(of: ArraySlice<UInt8>.self)
        let producer = Task {
            do {
                try await answer.deliver { continuation.yield(ArraySlice($0)) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in producer.cancel() }
        let body = answer.body
        self.init(parts, length: body.isStream || body.ending != .complete ? .unknown : .known(Int64(body.data.count)))
    }
}
