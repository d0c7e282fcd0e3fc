import Foundation
import Understudy
import UnderstudyMessaging
import UnderstudySupport

/// The per-request console log of `understudy serve`, with a line per WebSocket message too.
///
/// It is one of the mock's serve listeners. The server's event loops only queue (a locked
/// append) and a task writes the queue every 50 ms in one write: a line per request up to
/// ``linesPerFlush`` (2 000 a second, more than anyone reads), then one summary line counting
/// the rest by method, path and status. Past that limit a request is only counted, so a load
/// test pays for a counter, not for a formatted line.
///
/// Lines come in the order things happened. A request takes its place when it is served,
/// before its answer is carried out (and before the messages it triggers), and its line is
/// written once the answer is over, saying how it ended; what happened after it waits for it,
/// up to ``holdLimit`` (a long stream or a held-open answer then lets the rest through).
final class RequestLog: ServeListener {
    /// The most requests one flush writes a line each for.
    let linesPerFlush: Int
    /// The most method-path-status groups one summary counts apart; the rest are "others".
    let groupLimit: Int
    /// How long a request whose answer is not over holds back the lines after it.
    let holdLimit: Duration

    private enum Entry: Sendable {
        case request(ServeCompletion)
        case message(MessageServeEvent)

        var timestamp: Date {
            switch self {
            case .request(let completion): completion.event.request.timestamp
            case .message(let event): event.timestamp
            }
        }
    }

    private struct Queue: Sendable {
        var entries: [Entry] = []
        /// The requests served whose answers are not over, which have a line to come, by id,
        /// with when they arrived.
        var pending: [UUIDKey: Date] = [:]
        var counted: [SummaryGroup: Int] = [:]
        var others = 0
        /// The group counted last and how many in a row it has had since: a load test asks
        /// for the same few things, so most requests are counted without hashing.
        var run: (group: SummaryGroup, count: Int)?

        /// Whether one more line fits in this flush.
        func hasRoom(for limit: Int) -> Bool { entries.count + pending.count < limit }
    }

    private let queue = Locked(Queue())
    private let formatter: RequestLogFormatter
    private let mock: HTTPMock
    private let write: @Sendable (String) -> Void

    /// A log of `mock`'s requests, written with `write` (standard output by default); add it
    /// to the mock's serve listeners.
    init(mock: HTTPMock, formatter: RequestLogFormatter, linesPerFlush: Int = 100, groupLimit: Int = 1_000,
         holdLimit: Duration = .seconds(2),
         write: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }) {
        self.linesPerFlush = linesPerFlush
        self.groupLimit = groupLimit
        self.holdLimit = holdLimit
        self.mock = mock
        self.formatter = formatter
        self.write = write
    }

    /// A request was served: it takes its place in the log, if the flush has room for its line.
    func served(_ event: ServeEvent) {
        queue.withLock { queue in
            if queue.hasRoom(for: linesPerFlush) {
                queue.pending[UUIDKey(event.id)] = event.request.timestamp
            }
        }
    }

    /// A request's answer is over: its line is queued in its place, or it is counted.
    func completed(_ completion: ServeCompletion) {
        queue.withLock { queue in
            let event = completion.event
            if !queue.pending.isEmpty, queue.pending.removeValue(forKey: UUIDKey(event.id)) != nil {
                queue.entries.append(.request(completion))
                return
            }
            count(.request(event.request.method, path: event.request.path, status: event.status), in: &queue)
        }
    }

    /// Queues one WebSocket message, received or sent; what ``MessageHub``'s observer calls.
    func record(_ message: MessageServeEvent) {
        queue.withLock { queue in
            if queue.hasRoom(for: linesPerFlush) {
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

    /// Formats and writes what is queued, in the order it happened, up to the first request
    /// whose answer is not over (unless it has waited ``holdLimit``); returns whether anything
    /// was written.
    @discardableResult
    func flush(now: Date = Date()) -> Bool {
        let (ready, counted, others) = queue.withLock { queue in
            endRun(in: &queue)
            // The oldest answer not over that may still hold the rest back (one past the limit
            // no longer does, but keeps its place: its line is written when it ends).
            let heldSince = now.addingTimeInterval(-holdLimit.timeInterval)
            let waitingFor = queue.pending.values.filter { $0 > heldSince }.min() ?? .distantFuture
            let ready = queue.entries.filter { $0.timestamp < waitingFor }
            queue.entries.removeAll { $0.timestamp < waitingFor }
            defer { (queue.counted, queue.others) = ([:], 0) }
            return (ready, queue.counted, queue.others)
        }
        guard !ready.isEmpty || !counted.isEmpty || others > 0 else { return false }
        var text = ""
        // Stable: entries of the same moment stay in the order they were queued.
        let ordered = ready.enumerated().sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }
        for (_, entry) in ordered {
            switch entry {
            case .request(let completion):
                let event = completion.event
                let ending = AnswerEnding(completion)
                let nearest = event.wasMatched || completion.storeFailure != nil ? nil : mock.nearMisses(for: event.request).nearMisses.first
                text += formatter.format(event, ending: ending, elapsed: completion.elapsed, nearest: nearest)
            case .message(let event):
                let unanswered = event.direction == .received && !event.wasMatched
                text += formatter.format(event, nearest: unanswered ? mock.messages.nearestStub(to: event) : nil)
            }
        }
        if !counted.isEmpty || others > 0 {
            text += formatter.style.dim(Self.summary(counted, others: others)) + "\n"
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
