import Understudy
import UnderstudyJSON

extension HTTPMock {
    /// The admin API's settings as the mock's store shares them with other instances, or
    /// `nil` when it shares none (the in-memory store: the one server keeps its own).
    package var sharedSettings: JSONObject? { stateStore.sharedSettings }

    /// Shares new admin settings with every instance of the mock's store.
    package func shareSettings(_ settings: JSONObject) { stateStore.shareSettings(settings) }

    /// Has `apply` called with the settings each time another instance shares new ones.
    package func observeSharedSettings(_ apply: @escaping @Sendable (JSONObject) -> Void) { stateStore.observeSettings(apply) }
}
