import Foundation
import Understudy

/// The per-request console log of `understudy serve`: the server's event loops only queue
/// each answered request (a locked append), and a task formats and writes the queue every
/// 50 ms in one write, a line per request up to ``linesPerFlush`` and one summary line for
/// the rest, so logging costs the server little even under a load test.
final class RequestLog: Sendable {
    /// At most this many requests wait for the next write; past it they are counted, not
    /// kept, and the log says how many it skipped.
    let capacity: Int
    /// The most requests one flush writes a line each for.
    let linesPerFlush: Int

    private struct Queue: Sendable {
        var entries: [(event: ServeEvent, elapsed: Duration)] = []
        var skipped = 0
    }

    private let queue = Locked(Queue())
    private let formatter: RequestLogFormatter
    private let mock: HTTPMock
    private let write: @Sendable (String) -> Void

    /// A log of `mock`'s requests, written with `write` (standard output by default).
    init(mock: HTTPMock, formatter: RequestLogFormatter, capacity: Int = 100_000, linesPerFlush: Int = 100,
         write: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }) {
        self.capacity = capacity
        self.linesPerFlush = linesPerFlush
        self.mock = mock
        self.formatter = formatter
        self.write = write
    }

    /// Queues one answered request; what ``MockServerConfiguration/requestObserver`` calls.
    func record(_ event: ServeEvent, elapsed: Duration) {
        queue.withLock { queue in
            if queue.entries.count < capacity {
                queue.entries.append((event, elapsed))
            } else {
                queue.skipped += 1
            }
        }
    }

    /// Formats and writes what is queued; returns whether anything was written. Past
    /// ``linesPerFlush`` requests in one flush (2 000 a second, more than anyone reads), the
    /// rest are summed up in one line by method, path and status, which keeps the log cheap
    /// under load tests.
    @discardableResult
    func flush() -> Bool {
        let taken = queue.withLock { queue in
            defer { queue = Queue() }
            return queue
        }
        guard !taken.entries.isEmpty || taken.skipped > 0 else { return false }
        var text = ""
        for (event, elapsed) in taken.entries.prefix(linesPerFlush) {
            let nearest = event.wasMatched ? nil : mock.nearMisses(for: event.request).nearMisses.first
            text += formatter.format(event, elapsed: elapsed, nearest: nearest)
        }
        let rest = taken.entries.dropFirst(linesPerFlush)
        if !rest.isEmpty || taken.skipped > 0 {
            text += formatter.style.dim(Self.summary(of: rest.lazy.map(\.event), skipped: taken.skipped)) + "\n"
        }
        write(text)
        return true
    }

    /// `… and 1 950 more: GET /hello → 200 ×1 900, GET /missing → 404 ×50`, the three
    /// largest groups first.
    static func summary(of events: some Sequence<ServeEvent>, skipped: Int) -> String {
        var counts: [String: Int] = [:]
        var total = 0
        for event in events {
            counts["\(event.request.method) \(event.request.path) → \(event.response.status)", default: 0] += 1
            total += 1
        }
        let largest = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        var groups = largest.prefix(3).map { "\($0.key) ×\($0.value)" }
        let others = largest.dropFirst(3).reduce(0) { $0 + $1.value }
        if others > 0 { groups.append("others ×\(others)") }
        var line = "… and \(total) more"
        if !groups.isEmpty { line += ": " + groups.joined(separator: ", ") }
        if skipped > 0 { line += "; \(skipped) request(s) not logged: the console could not keep up" }
        return line
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
