import Foundation
import Understudy
import UnderstudySupport

/// Fans the requests one server serves out to the dashboards watching it
/// (`GET /__admin/dashboard/events`).
///
/// The server hands it every request a stub (or the near-miss 404) answered once the answer is
/// over; with no dashboard connected that costs one lock check (``isWatched``) and nothing is
/// encoded. Each watcher has a ``DashboardInbox`` of its own, capped, so a slow browser loses
/// its oldest events (and is told how many) instead of growing the server's memory.
final class DashboardFeed: Sendable {
    private let inboxes = Locked<[ObjectIdentifier: DashboardInbox]>([:])

    init() {}

    /// Whether any dashboard is connected.
    var isWatched: Bool { inboxes.withLock { !$0.isEmpty } }

    /// The number of dashboards connected.
    var watcherCount: Int { inboxes.withLock { $0.count } }

    /// Starts sending served requests to `inbox`.
    func add(_ inbox: DashboardInbox) {
        inboxes.withLock { $0[ObjectIdentifier(inbox)] = inbox }
    }

    /// Stops sending to `inbox` (its dashboard went away).
    func remove(_ inbox: DashboardInbox) {
        _ = inboxes.withLock { $0.removeValue(forKey: ObjectIdentifier(inbox)) }
    }

    /// Ends every connected dashboard's stream and forgets them (the server is shutting down:
    /// a feed never ends by itself, and the server would otherwise wait its grace period for it).
    func finishAll() {
        let all = inboxes.withLock { inboxes in
            defer { inboxes = [:] }
            return Array(inboxes.values)
        }
        for inbox in all { inbox.finish() }
    }

    /// Sends one served request, with the time its answer took, to every connected dashboard.
    /// The event is encoded once, and only when someone watches.
    func publish(_ event: ServeEvent, duration: Duration?, mock: HTTPMock) {
        let watchers = inboxes.withLock { Array($0.values) }
        guard !watchers.isEmpty else { return }
        let message = DashboardMessage.request(event, duration: duration, mock: mock)
        for inbox in watchers { inbox.post(message) }
    }
}

extension MockServer {
    /// The number of dashboards connected to the server's feed.
    var dashboardWatcherCount: Int { adminState.dashboardFeed.watcherCount }
}
