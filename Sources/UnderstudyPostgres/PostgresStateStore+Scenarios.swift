import PostgresNIO
package import Understudy
import UnderstudySupport

/// Scenario states: read into ``PostgresScenarioCommits``' tips, which matching uses, and moved
/// by its batches or by the admin API.
extension PostgresStateStore {
    /// Reads a namespace's scenario states with their version, in one statement, and holds them
    /// (unless the tip held is newer); returns the tip that holds.
    @discardableResult
    func loadScenarios(_ key: String) throws(PostgresStoreError) -> PostgresScenarioCommits.Tip {
        let rows = try pool.withConnection { connection in
            try connection.run("""
                SELECT coalesce(v.version, 0), s.name, s.state
                FROM (SELECT 1) one
                LEFT JOIN understudy_scenario_versions v ON v.namespace = \(key)
                LEFT JOIN understudy_scenarios s ON s.namespace = \(key)
                """)
        }
        var version: Int64 = 0
        var states = ScenarioStates()
        for row in rows {
            do {
                let (rowVersion, name, state) = try row.decode((Int64, String?, String?).self)
                version = rowVersion
                if let name, let state { states.set(name, to: state) }
            } catch {
                throw .unreadable("scenario state", error)
            }
        }
        return scenarioCommits.hold(version, states, of: key)
    }

    /// What a batch's outcome means for the request in it: `true` once committed; `false` to
    /// match again (after reloading the stubs when they changed).
    func settled(_ outcome: PostgresScenarioCommits.Outcome) async throws -> Bool {
        switch outcome {
        case .committed: return true
        case .scenariosChanged: return false
        case .stubsChanged:
            try await offThread { try self.reloadStubs() }
            return false
        }
    }

    /// Writes one batch of a namespace's scenario moves in one round trip: the conditional
    /// update of `understudy_commit_scenarios` (schema version 3).
    static func write(_ batch: PostgresScenarioCommits.Batch, to pool: PostgresConnectionPool) throws(PostgresStoreError) -> PostgresScenarioCommits.Outcome {
        let moved = batch.states.moved
        let outcome = try pool.withConnection { connection in
            try connection.run("""
                SELECT understudy_commit_scenarios(\(batch.namespace), \(batch.stubsVersion), \(batch.base), \(batch.moves),
                                                   \(Array(moved.keys)), \(Array(moved.values)))
                """).first?.decode(Int32.self)
        }
        switch outcome {
        case 0?: return .committed
        case 1?: return .stubsChanged
        case 2?: return .scenariosChanged
        default: throw PostgresStoreError("the scenario commit function returned \(outcome.map(String.init) ?? "nothing")")
        }
    }

    package func scenarioStates(in namespace: String?) -> ScenarioStates {
        attempt(ScenarioStates()) { () throws(PostgresStoreError) in try loadScenarios(namespace ?? "").states }
    }

    package func changeScenarios(in namespace: String?, _ change: (inout ScenarioStates) -> Void) {
        let key = namespace ?? ""
        attempt(()) { () throws(PostgresStoreError) in
            let changed = try pool.transaction { connection -> (version: Int64, states: ScenarioStates) in
                try connection.run("INSERT INTO understudy_scenario_versions VALUES (\(key), 0) ON CONFLICT DO NOTHING")
                let version = try connection.run("SELECT version FROM understudy_scenario_versions WHERE namespace = \(key) FOR UPDATE")
                    .first?.decode(Int64.self) ?? 0
                var states = ScenarioStates()
                for row in try connection.run("SELECT name, state FROM understudy_scenarios WHERE namespace = \(key)") {
                    let (name, state) = try row.decode((String, String).self)
                    states.set(name, to: state)
                }
                change(&states)
                let moved = states.moved
                try connection.run("DELETE FROM understudy_scenarios WHERE namespace = \(key)")
                if !moved.isEmpty {
                    try connection.run("""
                        INSERT INTO understudy_scenarios SELECT \(key), name, state
                        FROM unnest(\(Array(moved.keys)), \(Array(moved.values))) AS t(name, state)
                        """)
                }
                try connection.run("UPDATE understudy_scenario_versions SET version = version + 1 WHERE namespace = \(key)")
                try announce("scenarios:" + key, on: connection)
                return (version + 1, states)
            }
            scenarioCommits.hold(changed.version, changed.states, of: key, replacing: true)
        }
    }
}
