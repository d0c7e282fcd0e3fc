public import Understudy

/// An in-process request that no stub matched. In-process transports are strict: nothing
/// reaches the network, and the error's description is the near-miss report.
public struct UnmatchedRequestError: Error, Sendable, CustomStringConvertible {
    /// Why no stub matched.
    public let report: NearMissReport
    public var description: String { report.text }
}
