import UnderstudySupport

/// The messages waiting for one dashboard's connection: filled from any thread by the
/// ``DashboardFeed``, emptied on the connection's event loop by its ``DashboardStream``.
///
/// It holds at most ``limit`` messages. When the browser reads slower than requests arrive,
/// the oldest are dropped and counted, and the stream tells the page how many it missed.
final class DashboardInbox: Sendable {
    /// The most messages kept for one dashboard.
    static let defaultLimit = 256

    private struct Contents {
        var messages: [String] = []
        var dropped = 0
        /// Whether ``wake`` has been called and the stream has not taken the messages yet.
        var wakePending = false
        /// Whether the server is shutting down: the stream is to end.
        var finished = false
    }

    let limit: Int
    private let contents = Locked(Contents())
    /// Asks the stream to take the messages (on its event loop).
    private let wake: @Sendable () -> Void

    /// Creates an inbox that calls `wake` when messages arrive and none were waiting.
    init(limit: Int = DashboardInbox.defaultLimit, wake: @escaping @Sendable () -> Void) {
        self.limit = max(1, limit)
        self.wake = wake
    }

    /// Adds a message, dropping the oldest when the inbox is full.
    func post(_ message: String) {
        let shouldWake = contents.withLock { contents in
            contents.messages.append(message)
            if contents.messages.count > limit {
                contents.messages.removeFirst(contents.messages.count - limit)
                contents.dropped += 1
            }
            defer { contents.wakePending = true }
            return !contents.wakePending
        }
        if shouldWake { wake() }
    }

    /// Takes every waiting message, the number dropped since the last take, and whether the
    /// stream is to end.
    func take() -> (messages: [String], dropped: Int, finished: Bool) {
        contents.withLock { contents in
            defer { contents = Contents(finished: contents.finished) }
            return (contents.messages, contents.dropped, contents.finished)
        }
    }

    /// Asks the stream to end (the server is shutting down).
    func finish() {
        let shouldWake = contents.withLock { contents in
            contents.finished = true
            defer { contents.wakePending = true }
            return !contents.wakePending
        }
        if shouldWake { wake() }
    }

    /// Whether ``finish()`` was called.
    var isFinished: Bool { contents.withLock { $0.finished } }

    /// Leaves the messages where they are (the connection cannot take more now) and lets the
    /// next ``post(_:)`` wake the stream again.
    func snooze() {
        contents.withLock { $0.wakePending = false }
    }
}
