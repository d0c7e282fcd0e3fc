/// A message stub that a received message almost fired, with the field-by-field comparison:
/// what reports say about a message no stub answered (the nearest stub, and why it did not).
public struct MessageNearMiss: Sendable {
    /// The stub.
    public let stub: MessageStubMapping
    /// The message that was compared.
    public let message: WebSocketMessage
    /// The overall graded result: the weighted mean of the channel's fields and the body.
    public let result: MatchResult
    /// The channel's fields (`channel urlPath`, …) then `message body`, those the stub constrains.
    public let comparisons: [FieldComparison]

    /// The distance, in 0...1.
    public var distance: Double { result.distance }

    /// Grades `message`, received on a socket opened by `opening`, against a message-triggered
    /// stub; `nil` for a stub that other events trigger.
    init?(_ stub: MessageStubMapping, message: WebSocketMessage, openedBy opening: RecordedRequest) {
        guard case .message(let channel, let pattern) = stub.trigger else { return nil }
        self.stub = stub
        self.message = message
        comparisons = (channel.map { MessagePattern.compare(channel: $0, opening) } ?? []) + pattern.compare(message, openedBy: opening)
        result = MatchResult.aggregate(comparisons.map { ($0.result, $0.weight) })
    }

    /// The comparison block of a report: `  ✗ message body: expected equalTo "hello", got "helo"`.
    public var comparisonLines: [String] { comparisons.map(\.reportLine) }

    /// The first field that differs, as `message body expected equalTo "hello", got "helo"`.
    public var firstDifference: String? {
        comparisons.first { !$0.result.isExactMatch }.map { "\($0.field) expected \($0.expected), got \($0.actual)" }
    }
}
