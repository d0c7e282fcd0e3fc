import Foundation
import Understudy
import UnderstudyOpenAPI
import UnderstudySupport

/// What `serve --openapi … --validate` writes for each request that, or whose answer (a stub's
/// or a proxied backend's), violates the document: one line for the request, one per violation,
/// on standard error. The server's event loops only queue each answered request (a locked
/// append, as ``RequestLog`` does); a task checks the queue every 50 ms, off the event loops.
final class OpenAPITrafficConsole: Sendable {
    /// The most requests waiting to be checked; past it, requests are counted, not checked.
    let queueLimit: Int

    private struct Queue: Sendable {
        var events: [ServeEvent] = []
        var skipped = 0
    }

    private let queue = Locked(Queue())
    private let document: OpenAPIDocument
    private let mock: HTTPMock
    private let write: @Sendable (String) -> Void

    /// A console for `mock`'s requests against `document`, written with `write` (standard error by default).
    init(document: OpenAPIDocument, mock: HTTPMock, queueLimit: Int = 10_000,
         write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
        self.document = document
        self.mock = mock
        self.queueLimit = queueLimit
        self.write = write
    }

    /// Queues one answered request; what ``MockServerConfiguration/requestObserver`` calls.
    func record(_ event: ServeEvent) {
        queue.withLock { queue in
            if queue.events.count < queueLimit { queue.events.append(event) } else { queue.skipped += 1 }
        }
    }

    /// Checks and writes what is queued.
    func flush() {
        let taken = queue.withLock { queue in
            defer { queue = Queue() }
            return queue
        }
        var text = ""
        for event in taken.events {
            let lines = Self.lines(for: event, document: document) { try mock.bodyData(for: $0) }
            if !lines.isEmpty { text += lines.joined(separator: "\n") + "\n" }
        }
        if taken.skipped > 0 { text += "understudy: openapi: \(taken.skipped) more request(s) arrived too fast to be checked\n" }
        if !text.isEmpty { write(text) }
    }

    /// Checks the queue every 50 ms until the task is cancelled, then once more.
    func run() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(50))
            flush()
        }
        flush()
    }

    /// The lines for one event; empty when it agrees with the document.
    static func lines(for event: ServeEvent, document: OpenAPIDocument, bodyData: (ResponseDefinition) throws -> Data) -> [String] {
        let violations = event.wasMatched ? document.violations(of: event, bodyData: bodyData) : document.violations(of: event.request)
        guard !violations.isEmpty else { return [] }
        return ["understudy: openapi: \(event.request.method.rawValue) \(event.request.url) → \(event.status) violates \(document.source)"]
            + violations.map { "  ✗ \($0)" }
    }
}
