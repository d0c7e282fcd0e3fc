import UnderstudyNetworkProfiles
import Foundation
import Understudy
import UnderstudyRecording
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

    /// Takes settings another instance of a shared store set (already checked there): stores
    /// them and applies their delays and network profile to `mock`, as `POST /settings` does.
    func adopt(_ settings: JSONObject, for mock: HTTPMock) {
        _ = replaceSettings(settings)
        // The instance that shared them refused any it could not read, so these read.
        if let delays = try? AdminAPI.delays(in: settings) { mock.globalDelays = delays }
        if case .success(let profile) = Result(catching: { () throws(AdminError) in try AdminAPI.networkProfile(in: settings) }) {
            mock.networkProfile = profile ?? mock.configuration.networkProfile
        }
    }

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
