import Foundation

extension MessagePattern {
    /// Every field the pattern constrains compared with a message on a socket opened by
    /// `opening`, for reports: the channel's fields (`channel urlPath`, …), then `message body`.
    public func compare(_ message: WebSocketMessage?, openedBy opening: RecordedRequest) -> [FieldComparison] {
        var comparisons = channel.map { Self.compare(channel: $0, opening) } ?? []
        if let body {
            let data = message?.data ?? Data()
            comparisons.append(FieldComparison(field: "message body", expected: body.description, actual: RequestPattern.renderBody(data),
                                               result: body.match(body: data), weight: 1))
        }
        return comparisons
    }

    /// The distance of a message from the pattern: the weighted mean of ``compare(_:openedBy:)``.
    public func match(_ message: WebSocketMessage?, openedBy opening: RecordedRequest) -> MatchResult {
        MatchResult.aggregate(compare(message, openedBy: opening).map { ($0.result, $0.weight) })
    }

    /// A channel pattern's fields compared with the opening request, named `channel …`.
    static func compare(channel: RequestPattern, _ opening: RecordedRequest) -> [FieldComparison] {
        channel.compare(opening).map { comparison in
            FieldComparison(field: "channel \(comparison.field)", expected: comparison.expected, actual: comparison.actual,
                            result: comparison.result, weight: comparison.weight)
        }
    }
}

extension MessagePattern: CustomStringConvertible {
    /// `body equalTo "hello" on GET /chat`, or `any message`.
    public var description: String {
        var parts: [String] = []
        if let body { parts.append("body \(body)") }
        if let channel { parts.append("on \(channel)") }
        return parts.isEmpty ? "any message" : parts.joined(separator: " ")
    }
}
