import PostgresNIO
package import Understudy
import UnderstudySupport

/// The admin API's settings document (`/__admin/settings`), shared: what one instance is told
/// reaches every instance's server, and instances that start later read it on start.
extension PostgresStateStore {
    package var sharedSettings: JSONObject? {
        attempt(nil) { () throws(PostgresStoreError) -> JSONObject? in
            let text = try pool.withConnection { connection in
                try connection.run("SELECT document FROM understudy_settings WHERE id = 1").first?.decode(String.self)
            }
            guard let text else { return nil }
            do {
                return try JSONValue(parsing: text).objectValue
            } catch {
                throw .unreadable("settings document", error)
            }
        }
    }

    package func shareSettings(_ settings: JSONObject) {
        let text = JSONValue.object(settings).jsonText()
        attempt(()) { () throws(PostgresStoreError) in
            try pool.transaction { connection in
                try connection.run("""
                    INSERT INTO understudy_settings VALUES (1, \(text)) ON CONFLICT (id) DO UPDATE SET document = excluded.document
                    """)
                try announce("settings", on: connection)
            }
        }
    }

    package func observeSettings(_ apply: @escaping @Sendable (JSONObject) -> Void) {
        settingsObservers.withLock { $0.append(apply) }
    }

    /// Hands the shared settings to the observers.
    func settingsChanged() {
        let observers = settingsObservers.withLock { $0 }
        guard !observers.isEmpty, let settings = sharedSettings else { return }
        for apply in observers { apply(settings) }
    }
}
