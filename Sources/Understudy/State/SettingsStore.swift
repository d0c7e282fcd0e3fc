package import UnderstudyJSON

/// The settings part of a ``MockStateStore``: the admin API's settings, when the store shares
/// them with other instances.
package protocol SettingsStore: AnyObject, Sendable {
    /// The admin API's settings document (`/__admin/settings`) as the store shares it with
    /// other instances, or `nil` when it shares none (each server then keeps its own).
    var sharedSettings: JSONObject? { get }

    /// Shares new settings with every instance.
    func shareSettings(_ settings: JSONObject)

    /// Has `apply` called with the settings each time another instance shares new ones.
    func observeSettings(_ apply: @escaping @Sendable (JSONObject) -> Void)
}

extension SettingsStore {
    /// A store in this process shares no settings: its one server keeps them.
    package var sharedSettings: JSONObject? { nil }
    package func shareSettings(_ settings: JSONObject) {}
    package func observeSettings(_ apply: @escaping @Sendable (JSONObject) -> Void) {}
}
