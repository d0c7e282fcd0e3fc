/// A verification that failed: what was expected, what arrived, and the nearest requests.
public struct VerificationError: Error, Sendable, CustomStringConvertible {
    /// The expected count.
    public let expected: CountMatchingStrategy
    /// The pattern that was verified.
    public let pattern: RequestPattern
    /// How many journal entries matched.
    public let actualCount: Int
    /// Every request in the journal, oldest first.
    public let receivedRequests: [RecordedRequest]
    /// The requests closest to the pattern, nearest first (at most three).
    public let nearMisses: [NearMiss]
    /// Whether the journal was disabled, so nothing could be counted.
    public let journalDisabled: Bool
    /// How long ``HTTPMock/waitForRequests(matching:count:timeout:)`` waited before giving up;
    /// `nil` for a check made at once (``HTTPMock/verify(_:_:)``).
    public private(set) var waited: Duration?

    /// The same failure, after waiting `duration` for the requests.
    func waited(_ duration: Duration) -> VerificationError {
        var copy = self
        copy.waited = duration
        return copy
    }

    /// The failure as deterministic plain text.
    public var description: String {
        if journalDisabled {
            return "Cannot verify \(pattern): the request journal is disabled. Create the mock with a journalCapacity above 0."
        }
        var lines = [
            "Expected \(expected) request(s) matching \(pattern)",
            "but received \(actualCount)\(waited.map { " after waiting \($0)" } ?? "").",
        ]
        // `POST /pets (operation addPet)` when an OpenAPI client sent it.
        lines += ReceivedList.lines(receivedRequests, heading: "Requests received", none: "No requests were received.") { "\($0)" }
        for (position, nearMiss) in nearMisses.enumerated() {
            lines.append("")
            lines.append("Nearest request \(position + 1) of \(nearMisses.count): \(nearMiss.request), distance \(nearMiss.distanceText)")
            lines += nearMiss.comparisonLines
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
