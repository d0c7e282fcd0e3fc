import Foundation
import Understudy
import UnderstudySupport

/// What the admin API remembers between requests of one server: the global settings
/// (`/__admin/settings`), the recording in progress and when it started (for `/__admin/health`).
///
/// A server should create one and hand it to every ``AdminAPI`` it builds; an ``AdminAPI``
/// made without one gets a fresh state of its own.
final class AdminState: Sendable {
    /// When the state was created; `uptimeInSeconds` counts from here.
    let startedAt: Date
    private let storedSettings = Locked<JSONObject>([:])
    private let storedRecorder = Locked<Recorder?>(nil)
    /// The served requests the dashboards connected to the server are sent.
    let dashboardFeed = DashboardFeed()

    /// Creates a state with empty settings.
    init(startedAt: Date = Date()) { self.startedAt = startedAt }

    /// WireMock's `GlobalSettings` as last stored: `fixedDelay`, `delayDistribution`,
    /// `extended`, `proxyPassThrough`. The admin API applies the two delays to the mock's
    /// ``HTTPMock/globalDelays``; the rest is stored and returned.
    var settings: JSONObject { storedSettings.withLock { $0 } }

    /// The recorder of the server's mock, made on first use and kept for the server's lifetime.
    func recorder(for mock: HTTPMock) -> Recorder {
        storedRecorder.withLock { stored in
            if let recorder = stored, recorder.mock === mock { return recorder }
            let recorder = Recorder(mock: mock)
            stored = recorder
            return recorder
        }
    }

    /// Replaces the settings; returns the new value.
    @discardableResult
    func replaceSettings(_ settings: JSONObject) -> JSONObject {
        update { $0 = settings }
    }

    /// Changes the settings under the lock; returns the new value.
    @discardableResult
    func update(_ change: (inout JSONObject) -> Void) -> JSONObject {
        storedSettings.withLock { settings in
            change(&settings)
            return settings
        }
    }
}
