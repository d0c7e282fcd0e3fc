import Foundation
import Understudy
import UnderstudySupport

/// Fans the requests a mock serves out to the dashboards watching one server
/// (`GET /__admin/dashboard/events`).
///
/// It is one of the mock's serve listeners while a dashboard is connected, and hears of every
/// request a stub (or the near-miss 404) answered, through any transport, once the answer is
/// over; with no dashboard connected it is not listening, and a request pays nothing for it.
/// Each watcher has a ``DashboardInbox`` of its own, capped, so a slow browser loses its
/// oldest events (and is told how many) instead of growing the server's memory.
final class DashboardFeed: ServeListener {
    private struct Watching {
        var inboxes: [ObjectIdentifier: DashboardInbox] = [:]
        /// The mock listened to while a dashboard is connected, and the listener's token.
        var listening: (mock: HTTPMock, token: ServeListenerToken)?

        mutating func stopListening() {
            if let (mock, token) = listening { mock.removeServeListener(token) }
            listening = nil
        }
    }

    private let watching = Locked(Watching())

    init() {}

    /// Whether any dashboard is connected.
    var isWatched: Bool { watching.withLock { !$0.inboxes.isEmpty } }

    /// The number of dashboards connected.
    var watcherCount: Int { watching.withLock { $0.inboxes.count } }

    var hearsServed: Bool { false }

    /// Starts sending the requests `mock` serves to `inbox`.
    func add(_ inbox: DashboardInbox, listeningTo mock: HTTPMock) {
        // The mock's listener list is locked inside this lock (never the other way round: the
        // mock tells its listeners outside its lock).
        watching.withLock { watching in
            watching.inboxes[ObjectIdentifier(inbox)] = inbox
            if watching.listening == nil { watching.listening = (mock, mock.addServeListener(self)) }
        }
    }

    /// Stops sending to `inbox` (its dashboard went away); the last one leaving stops the listening.
    func remove(_ inbox: DashboardInbox) {
        watching.withLock { watching in
            watching.inboxes.removeValue(forKey: ObjectIdentifier(inbox))
            if watching.inboxes.isEmpty { watching.stopListening() }
        }
    }

    /// Ends every connected dashboard's stream and forgets them (the server is shutting down:
    /// a feed never ends by itself, and the server would otherwise wait its grace period for it).
    func finishAll() {
        let all = watching.withLock { watching in
            defer { watching.inboxes = [:] }
            watching.stopListening()
            return Array(watching.inboxes.values)
        }
        for inbox in all { inbox.finish() }
    }

    func completed(_ completion: ServeCompletion) {
        guard let mock = watching.withLock({ $0.listening?.mock }) else { return }
        publish(completion.event, duration: completion.elapsed, mock: mock)
    }

    /// Sends one served request, with the time its answer took, to every connected dashboard.
    /// The event is encoded once, and only when someone watches.
    func publish(_ event: ServeEvent, duration: Duration?, mock: HTTPMock) {
        let watchers = watching.withLock { Array($0.inboxes.values) }
        guard !watchers.isEmpty else { return }
        let message = DashboardMessage.request(event, duration: duration, mock: mock)
        for inbox in watchers { inbox.post(message) }
    }
}

extension MockServer {
    /// The number of dashboards connected to the server's feed.
    var dashboardWatcherCount: Int { adminState.dashboardFeed.watcherCount }
}
