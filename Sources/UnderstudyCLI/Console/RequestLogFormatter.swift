import Foundation
import Understudy
import UnderstudyGRPC
import UnderstudyMessaging

/// The line `understudy serve` prints for each request:
/// ```
/// 14:03:07.512 GET /users/42 → 200 "Get user" 1.3 ms
/// 14:03:07.530 GET /users/43 → 404 no match; nearest "Get user": urlPath expected "/users/42", got "/users/43" 0.9 ms
/// 14:03:07.601 GET /flaky → CONNECTION_RESET_BY_PEER "Flaky" 0.2 ms
/// 14:03:07.650 GET /big → 200 "Big", then CONNECTION_RESET_BY_PEER after 2048 bytes 225.0 ms
/// 14:03:07.700 GET /orders → 503 the state store failed: … 5002.1 ms
/// 14:03:07.750 POST /understudy.test.Greeter/SayHello → gRPC FAILED_PRECONDITION "SayHello fails" 1.1 ms
/// ```
/// and for each WebSocket message, received or sent:
/// ```
/// 14:03:08.001 ws /chat received "hello" → "Echo"
/// 14:03:08.001 ws /chat sent "world" by "Echo"
/// 14:03:08.120 ws /chat received "helo" → no match; nearest "Echo": message body expected equalTo "hello", got helo
/// ```
/// With `verbose`, the request's and the response's headers and bodies follow, indented
/// (bodies cut at ``bodyLimit`` bytes).
struct RequestLogFormatter: Sendable {
    var style: ConsoleStyle
    var verbose: Bool
    /// The most body bytes a verbose entry shows.
    var bodyLimit = 2_048

    /// The entry for one served request, which ended as `ending`; `nearest` is the closest
    /// stub when none matched.
    func format(_ event: ServeEvent, ending: AnswerEnding, elapsed: Duration, nearest: NearMiss?) -> String {
        let request = event.request
        var line = "\(style.dim(Self.clock(request.timestamp))) \(request.method) \(request.url) → \(outcome(ending)) "
        if let stub = event.stubIdentity {
            line += Self.name(of: stub) + consequence(ending)
        } else if case .storeFailed(let failure) = ending {
            line += style.alert("the state store failed") + ": \(failure)"
        } else {
            line += style.alert("no match")
            if let nearest, let stub = nearest.stub {
                line += "; nearest \(Self.name(of: stub.identity))"
                if let differing = nearest.comparisons.first(where: { !$0.result.isExactMatch }) {
                    line += ": \(differing.field) expected \(differing.expected), got \(differing.actual)"
                }
            }
            line += consequence(ending)
        }
        line += " " + style.dim(Self.milliseconds(elapsed))
        guard verbose else { return line + "\n" }
        var lines = [line]
        lines += request.headers.map { style.dim("  > \($0.name): \($0.value)") }
        lines += body(request.body, "  > ")
        let response = event.response
        lines += response.headers.map { style.dim("  < \($0.name): \($0.value)") }
        if let data = response.body.inlineData { lines += body(data, "  < ") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the client got first: the status, or the fault it got instead.
    private func outcome(_ ending: AnswerEnding) -> String {
        switch ending {
        case .complete(let status), .cut(let status, _, _, _), .heldOpen(let status), .clientLeft(let status, _, _): style.status(status)
        case .fault(let fault): style.alert(fault.name)
        case .storeFailed: style.status(503)
        case .grpc(let code):
            code == GRPCStatus.ok.code ? "gRPC " + GRPCStatus.ok.name
                : style.alert("gRPC " + (GRPCStatus.all.first { $0.code == code }?.name ?? "status \(code)"))
        }
    }

    /// What happened after the status: `, then CONNECTION_RESET_BY_PEER after 2048 bytes`.
    private func consequence(_ ending: AnswerEnding) -> String {
        switch ending {
        case .complete, .fault, .storeFailed, .grpc: ""
        case let .cut(_, fault, bytes, stalled): (stalled ? ", stalled after \(bytes) bytes, then " : ", then ") + style.alert(fault.name)
            + (stalled ? "" : " after \(bytes) bytes")
        case .heldOpen: ", then held open"
        case let .clientLeft(_, delivered, parts): ", client left after \(delivered) of \(parts) parts"
        }
    }

    /// The entry for one WebSocket message; `nearest` is the closest stub to a received
    /// message none answered.
    func format(_ event: MessageServeEvent, nearest: MessageNearMiss?) -> String {
        var line = "\(style.dim(Self.clock(event.timestamp))) ws \(event.channel.openingRequest.url) \(event.direction.rawValue) "
            + MessageHub.quoted(event.message)
        switch (event.direction, event.stub) {
        case (.received, let stub?):
            line += " → " + Self.name(of: stub)
        case (.received, nil):
            line += " → " + style.alert("no match")
            if let nearest {
                line += "; nearest \(Self.name(of: nearest.stub))" + (nearest.firstDifference.map { ": \($0)" } ?? "")
            }
        case (.sent, let stub?):
            line += " by " + Self.name(of: stub)
        case (.sent, nil):
            line += " (pushed)"
        }
        return line + "\n"
    }

    /// `"Echo"`, or `stub 3f2a9c01` for a message stub without a name.
    static func name(of stub: MessageStubMapping) -> String {
        if let name = stub.name { return "\"\(name)\"" }
        return "stub " + stub.id.uuidString.lowercased().prefix(8)
    }

    private func body(_ data: Data, _ prefix: String) -> [String] {
        guard !data.isEmpty else { return [] }
        let shown = data.prefix(bodyLimit)
        var text = String(decoding: shown, as: UTF8.self)
        if text.contains("\u{FFFD}") { text = "(\(data.count) bytes of binary data)" }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }
        if data.count > shown.count, !text.hasPrefix("(") { lines.append(prefix + "… \(data.count - shown.count) more bytes") }
        return lines
    }

    /// `"Get user"`, or `stub 3f2a9c01` (the id's first eight digits) for a stub without a name.
    static func name(of stub: StubIdentity) -> String {
        if let name = stub.name { return "\"\(name)\"" }
        return "stub " + stub.id.uuidString.lowercased().prefix(8)
    }

    /// `14:03:07.512`, local time. Put together by hand: `String(format:)` goes through
    /// CoreFoundation on Linux and was most of a line's cost.
    static func clock(_ date: Date) -> String {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        let milliseconds = Int((date.timeIntervalSince1970 * 1_000).rounded(.down)) % 1_000
        return padded(Int(parts.tm_hour), 2) + ":" + padded(Int(parts.tm_min), 2) + ":" + padded(Int(parts.tm_sec), 2)
            + "." + padded(milliseconds, 3)
    }

    /// `1.3 ms`, or `1204 ms` from a second on.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
        let tenths = Int((value * 10).rounded())
        return tenths < 10_000 ? "\(tenths / 10).\(tenths % 10) ms" : "\(Int(value.rounded())) ms"
    }

    /// `value` in decimal with leading zeros up to `width` digits.
    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
    }
}
