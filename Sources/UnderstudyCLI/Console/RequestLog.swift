import Foundation
import Understudy

/// The per-request console log of `understudy serve`: the server's event loops only queue
/// each answered request (a locked append), and a task formats and writes the queue every
/// 50 ms in one write, so logging costs the server almost nothing.
final class RequestLog: Sendable {
    /// At most this many requests wait for the next write; past it they are counted, not
    /// kept, and the log says how many it skipped.
    let capacity: Int

    private struct Queue: Sendable {
        var entries: [(event: ServeEvent, elapsed: Duration)] = []
        var skipped = 0
    }

    private let queue = Locked(Queue())
    private let formatter: RequestLogFormatter
    private let mock: HTTPMock
    private let write: @Sendable (String) -> Void

    /// A log of `mock`'s requests, written with `write` (standard output by default).
    init(mock: HTTPMock, formatter: RequestLogFormatter, capacity: Int = 100_000,
         write: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }) {
        self.capacity = capacity
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

    /// Formats and writes what is queued; returns whether anything was written.
    @discardableResult
    func flush() -> Bool {
        let taken = queue.withLock { queue in
            defer { queue = Queue() }
            return queue
        }
        guard !taken.entries.isEmpty || taken.skipped > 0 else { return false }
        var text = ""
        for (event, elapsed) in taken.entries {
            let nearest = event.wasMatched ? nil : mock.nearMisses(for: event.request).nearMisses.first
            text += formatter.format(event, elapsed: elapsed, nearest: nearest)
        }
        if taken.skipped > 0 {
            text += formatter.style.dim("… \(taken.skipped) request(s) not logged: the console could not keep up") + "\n"
        }
        write(text)
        return true
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
