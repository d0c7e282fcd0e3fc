import Foundation

/// A message verification that failed: what was expected, the messages sockets received, the
/// nearest of them, and the received messages no stub answered with the stub each came
/// closest to.
public struct MessageVerificationError: Error, Sendable, CustomStringConvertible {
    /// The expected count.
    public let expected: CountMatchingStrategy
    /// The pattern that was verified.
    public let pattern: MessagePattern
    /// How many received messages matched.
    public let actualCount: Int
    /// Every message the journal holds as received, oldest first.
    public let receivedMessages: [MessageServeEvent]
    /// The received messages closest to the pattern, nearest first (at most three).
    public let nearest: [(event: MessageServeEvent, comparisons: [FieldComparison], result: MatchResult)]
    /// The received messages no stub answered, each with its nearest stub, if any.
    public let unanswered: [(event: MessageServeEvent, nearest: MessageNearMiss?)]

    /// The failure as deterministic plain text.
    public var description: String {
        var lines = ["Expected \(expected) message(s) received matching \(pattern)", "but received \(actualCount)."]
        lines += ReceivedList.lines(receivedMessages, heading: "Messages received", none: "No messages were received.", describe: Self.describe)
        for (position, near) in nearest.enumerated() {
            lines.append("")
            lines.append("Nearest message \(position + 1) of \(nearest.count): \(Self.describe(near.event)), distance \(String(format: "%.2f", near.result.distance))")
            lines += near.comparisons.map(\.reportLine)
        }
        if !unanswered.isEmpty {
            lines.append("")
            lines.append("Messages no stub answered (\(unanswered.count)):")
            lines += unanswered.map { "  " + MessageHub.unansweredLine($0.event, nearest: $0.nearest) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `"hello" on GET /chat`.
    static func describe(_ event: MessageServeEvent) -> String {
        "\(MessageHub.quoted(event.message)) on \(event.channel.openingRequest.method) \(event.channel.openingRequest.url)"
    }
}
