public import Understudy
public import Foundation

/// A backend's answer as it came over the wire.
public struct RecordedResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The headers, in order.
    public var headers: HTTPHeaders
    /// The body bytes, still encoded as `Content-Encoding` says.
    public var body: Data
    /// When each piece of ``body`` arrived, when that was observed (the loopback server's
    /// proxy); `nil` when the body came in one piece (in process, HAR import). With it, a
    /// streamed answer is recorded as a stream with its pauses (see
    /// ``RecordSpec/streamTimeScale``).
    public var timeline: BodyTimeline?

    /// Creates an answer.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), timeline: BodyTimeline? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.timeline = timeline
    }

    /// Whether `other` is the same answer: status, headers and body, however it was timed.
    func isSameAnswer(as other: RecordedResponse) -> Bool {
        status == other.status && headers == other.headers && body == other.body
    }
}
