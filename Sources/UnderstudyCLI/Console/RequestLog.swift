import Foundation
import Understudy
import UnderstudyMessaging
import UnderstudySupport

/// The per-request console log of `understudy serve`, with a line per WebSocket message too.
/// The server's event loops only queue each answered request or message (a locked append) and a task writes the queue every 50 ms in one
/// write: a line per request up to ``linesPerFlush`` (2 000 a second, more than anyone reads),
/// then one summary line counting the rest by method, path and status. Past that limit a
/// request is only counted, so a load test pays for a counter, not for a formatted line.
final class RequestLog: Sendable {
    /// The most requests one flush writes a line each for.
    let linesPerFlush: Int
    /// The most method-path-status groups one summary counts apart; the rest are "others".
    let groupLimit: Int

    private enum Entry: Sendable {
        case request(ServeEvent, elapsed: Duration)
        case message(MessageServeEvent)
    }

    private struct Queue: Sendable {
        var entries: [Entry] = []
        var counted: [SummaryGroup: Int] = [:]
        var others = 0
        /// The group counted last and how many in a row it has had since: a load test asks
        /// for the same few things, so most requests are counted without hashing.
        var run: (group: SummaryGroup, count: Int)?
    }

    private let queue = Locked(Queue())
    private let formatter: RequestLogFormatter
    private let mock: HTTPMock
    private let write: @Sendable (String) -> Void

    /// A log of `mock`'s requests, written with `write` (standard output by default).
    init(mock: HTTPMock, formatter: RequestLogFormatter, linesPerFlush: Int = 100, groupLimit: Int = 1_000,
         write: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }) {
        self.linesPerFlush = linesPerFlush
        self.groupLimit = groupLimit
        self.mock = mock
        self.formatter = formatter
        self.write = write
    }

    /// Queues one answered request; what ``MockServerConfiguration/requestObserver`` calls.
    func record(_ event: ServeEvent, elapsed: Duration) {
        queue.withLock { queue in
            if queue.entries.count < linesPerFlush {
                queue.entries.append(.request(event, elapsed: elapsed))
                return
            }
            count(.request(event.request.method, path: event.request.path, status: event.status), in: &queue)
        }
    }

    /// Queues one WebSocket message, received or sent; what ``MessageHub``'s observer calls.
    func record(_ message: MessageServeEvent) {
        queue.withLock { queue in
            if queue.entries.count < linesPerFlush {
                queue.entries.append(.message(message))
                return
            }
            count(.message(path: message.channel.openingRequest.path, message.direction), in: &queue)
        }
    }

    private func count(_ group: SummaryGroup, in queue: inout Queue) {
        if let run = queue.run, run.group == group {
            queue.run = (group, run.count + 1)
            return
        }
        endRun(in: &queue)
        queue.run = (group, 1)
    }

    /// Adds the run of one group to the counts.
    private func endRun(in queue: inout Queue) {
        guard let (group, count) = queue.run else { return }
        queue.run = nil
        if queue.counted.count < groupLimit || queue.counted[group] != nil {
            queue.counted[group, default: 0] += count
        } else {
            queue.others += count
        }
    }

    /// Formats and writes what is queued; returns whether anything was written.
    @discardableResult
    func flush() -> Bool {
        let taken = queue.withLock { queue in
            endRun(in: &queue)
            defer { queue = Queue() }
            return queue
        }
        guard !taken.entries.isEmpty || !taken.counted.isEmpty || taken.others > 0 else { return false }
        var text = ""
        for entry in taken.entries {
            switch entry {
            case .request(let event, let elapsed):
                let nearest = event.wasMatched ? nil : mock.nearMisses(for: event.request).nearMisses.first
                text += formatter.format(event, elapsed: elapsed, nearest: nearest)
            case .message(let event):
                let unanswered = event.direction == .received && !event.wasMatched
                text += formatter.format(event, nearest: unanswered ? mock.messages.nearestStub(to: event) : nil)
            }
        }
        if !taken.counted.isEmpty || taken.others > 0 {
            text += formatter.style.dim(Self.summary(taken.counted, others: taken.others)) + "\n"
        }
        write(text)
        return true
    }

    /// `… and 1 950 more: GET /hello → 200 ×1 900, GET /missing → 404 ×50`, the three
    /// largest groups first.
    private static func summary(_ counted: [SummaryGroup: Int], others: Int) -> String {
        let largest = counted.map { ($0.key.text, $0.value) }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        var groups = largest.prefix(3).map { "\($0.0) ×\($0.1)" }
        let rest = largest.dropFirst(3).reduce(others) { $0 + $1.1 }
        if rest > 0 { groups.append("others ×\(rest)") }
        let total = largest.reduce(others) { $0 + $1.1 }
        return "… and \(total) more: " + groups.joined(separator: ", ")
    }

    /// Writes the queue every 50 ms until the task is cancelled, then once more.
    func run() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(50))
            flush()
        }
        flush()
    }
}

/// Requests or WebSocket messages a summary line counts together.
private enum SummaryGroup: Hashable {
    case request(HTTPMethod, path: String, status: Int)
    case message(path: String, MessageServeEvent.Direction)

    var text: String {
        switch self {
        case .request(let method, let path, let status): "\(method) \(path) → \(status)"
        case .message(let path, let direction): "ws \(path) \(direction.rawValue)"
        }
    }
}
