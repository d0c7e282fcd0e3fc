import Foundation
import Understudy
import UnderstudySupport

/// The per-request console log of `understudy serve`. The server's event loops only queue
/// each answered request (a locked append) and a task writes the queue every 50 ms in one
/// write: a line per request up to ``linesPerFlush`` (2 000 a second, more than anyone reads),
/// then one summary line counting the rest by method, path and status. Past that limit a
/// request is only counted, so a load test pays for a counter, not for a formatted line.
final class RequestLog: Sendable {
    /// The most requests one flush writes a line each for.
    let linesPerFlush: Int
    /// The most method-path-status groups one summary counts apart; the rest are "others".
    let groupLimit: Int

    private struct Queue: Sendable {
        var entries: [(event: ServeEvent, elapsed: Duration)] = []
        var counted: [SummaryGroup: Int] = [:]
        var others = 0
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
                queue.entries.append((event, elapsed))
                return
            }
            let group = SummaryGroup(method: event.request.method, path: event.request.path, status: event.status)
            if queue.counted.count < groupLimit || queue.counted[group] != nil {
                queue.counted[group, default: 0] += 1
            } else {
                queue.others += 1
            }
        }
    }

    /// Formats and writes what is queued; returns whether anything was written.
    @discardableResult
    func flush() -> Bool {
        let taken = queue.withLock { queue in
            defer { queue = Queue() }
            return queue
        }
        guard !taken.entries.isEmpty else { return false }
        var text = ""
        for (event, elapsed) in taken.entries {
            let nearest = event.wasMatched ? nil : mock.nearMisses(for: event.request).nearMisses.first
            text += formatter.format(event, elapsed: elapsed, nearest: nearest)
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

/// Requests a summary line counts together.
private struct SummaryGroup: Hashable {
    let method: HTTPMethod
    let path: String
    let status: Int
    var text: String { "\(method) \(path) → \(status)" }
}
