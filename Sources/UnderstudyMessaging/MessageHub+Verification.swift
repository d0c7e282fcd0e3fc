import Foundation

extension MessageHub {
    /// The received messages no message stub answered, oldest first.
    public var unansweredMessages: [MessageServeEvent] {
        events.filter { $0.direction == .received && $0.stub == nil }
    }

    /// The message stubs nearest to `message`, received on a socket opened by `opening`:
    /// why none answered it. Nearest first, ties in precedence order; at most `limit`.
    public func nearMisses(for message: WebSocketMessage, openedBy opening: RecordedRequest, limit: Int = 3) -> [MessageNearMiss] {
        let graded = stubs.enumerated().compactMap { index, stub in
            MessageNearMiss(stub, message: message, openedBy: opening).map { (index: index, nearMiss: $0) }
        }
        let sorted = graded.sorted { lhs, rhs in
            lhs.nearMiss.distance != rhs.nearMiss.distance ? lhs.nearMiss.distance < rhs.nearMiss.distance : lhs.index < rhs.index
        }
        return sorted.prefix(limit).map(\.nearMiss)
    }

    /// The nearest stub to a received event's message (see ``nearMisses(for:openedBy:limit:)``).
    public func nearestStub(to event: MessageServeEvent) -> MessageNearMiss? {
        nearMisses(for: event.message ?? .text(""), openedBy: event.channel.openingRequest, limit: 1).first
    }

    /// Throws unless the journal holds `count` received messages matching `pattern`; the error
    /// lists what arrived, the nearest messages and why no stub answered the unanswered ones.
    public func verify(_ count: CountMatchingStrategy = .atLeast(1), received pattern: MessagePattern) throws(MessageVerificationError) {
        if let failure = verificationFailure(count, received: pattern) { throw failure }
    }

    /// The error ``verify(_:received:)`` would throw, or `nil`.
    public func verificationFailure(_ count: CountMatchingStrategy, received pattern: MessagePattern) -> MessageVerificationError? {
        let received = events.filter { $0.direction == .received }
        let graded = received.map { event in
            (event: event, comparisons: pattern.compare(event.message, openedBy: event.channel.openingRequest),
             result: pattern.match(event.message, openedBy: event.channel.openingRequest))
        }
        let matching = graded.filter(\.result.isExactMatch).count
        guard !count.isSatisfied(by: matching) else { return nil }
        let nearest = graded.filter { !$0.result.isExactMatch }.enumerated()
            .sorted { $0.element.result.distance != $1.element.result.distance ? $0.element.result.distance < $1.element.result.distance : $0.offset < $1.offset }
            .prefix(3).map(\.element)
        let unanswered = received.filter { $0.stub == nil }.map { (event: $0, nearest: nearestStub(to: $0)) }
        return MessageVerificationError(expected: count, pattern: pattern, actualCount: matching, receivedMessages: received,
                                        nearest: nearest, unanswered: unanswered)
    }

    /// The report of the received messages no stub answered, each with its nearest stub and
    /// the first field that differs; `nil` when every message was answered.
    public func unansweredMessagesReport() -> String? {
        let unanswered = unansweredMessages
        guard !unanswered.isEmpty else { return nil }
        return (["\(unanswered.count) message(s) matched no message stub:"]
            + unanswered.map { "  " + Self.unansweredLine($0, nearest: nearestStub(to: $0)) }).joined(separator: "\n")
    }

    /// `"helo" on GET /chat: nearest "Echo": message body expected equalTo "hello", got "helo"`.
    package static func unansweredLine(_ event: MessageServeEvent, nearest: MessageNearMiss?) -> String {
        let head = MessageVerificationError.describe(event)
        guard let nearest else { return head + ": no message stub answers messages" }
        return head + ": nearest \(nearest.stub.label)" + (nearest.firstDifference.map { ": \($0)" } ?? "")
    }

    /// A message for a report or a log line: quoted text (cut at 80 characters), or the
    /// size of binary data.
    package static func quoted(_ message: WebSocketMessage?) -> String {
        switch message {
        case nil: return "\"\""
        case .binary(let data)?: return "(\(data.count) bytes of binary data)"
        case .text(let text)?:
            let shown = text.count > 80 ? String(text.prefix(80)) + "…" : text
            return "\"" + shown.replacingOccurrences(of: "\n", with: "\\n") + "\""
        }
    }
}
