package import Foundation

/// A throwaway PostgreSQL server for one test: `initdb` into a temporary folder, started on a
/// free loopback port with trust authentication, stopped and deleted at the end. Run as the
/// `postgres` user when the tests run as root (PostgreSQL refuses root).
///
/// The binaries come from Debian's `postgresql` package (`/usr/lib/postgresql/<version>/bin`),
/// which `.ci/run` installs; `UNDERSTUDY_REQUIRE_POSTGRES=1` (CI) turns their absence into a
/// failure instead of a skipped test.
package struct PostgresCluster: Sendable {
    /// Whether CI requires the PostgreSQL tests to run.
    package static let isRequired = ProcessInfo.processInfo.environment["UNDERSTUDY_REQUIRE_POSTGRES"] == "1"

    /// The folder holding `initdb`, `pg_ctl` and `psql`, if PostgreSQL is installed.
    package static let binaries: String? = {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.compactMap(Int.init).sorted().last.map { "\(root)/\($0)/bin" }
    }()

    /// Whether the tests can start a cluster here.
    package static var isAvailable: Bool { binaries != nil }

    package let folder: URL
    package let port: Int
    private let bin: String

    /// Starts a cluster; stop it with ``stop()``.
    package static func start() async throws -> PostgresCluster {
        guard let bin = binaries else { throw ClusterError("PostgreSQL is not installed: apt-get install postgresql") }
        let folder = URL(fileURLWithPath: "/tmp/understudy-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if getuid() == 0 { _ = try await run(["chown", "postgres", folder.path]) }
        try await PostgresCluster(folder: folder, port: 0, bin: bin)
            .asOwner(["\(bin)/initdb", "-D", folder.appendingPathComponent("data").path, "-U", "postgres", "--auth=trust", "-E", "UTF8",
                      "--no-sync", "--no-instructions"])
        // A free port can be taken between the kernel's pick and the server's bind (by another
        // test's socket); then a new one is picked.
        for attempt in 1...5 {
            let cluster = PostgresCluster(folder: folder, port: try freePort(), bin: bin)
            do {
                try await cluster.start()
                return cluster
            } catch where attempt < 5 && cluster.log.contains("Address already in use") {
                continue
            }
        }
        throw ClusterError("no port could be bound")
    }

    /// The server's log.
    private var log: String { (try? String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)) ?? "" }

    /// Runs `body` with a fresh cluster, stopped afterwards whatever happens.
    package static func with<T>(_ body: (PostgresCluster) async throws -> T) async throws -> T {
        let cluster = try await start()
        do {
            let result = try await body(cluster)
            await cluster.stop()
            return result
        } catch {
            await cluster.stop()
            throw error
        }
    }

    private var data: String { folder.appendingPathComponent("data").path }

    private func start() async throws {
        try await asOwner(["\(bin)/pg_ctl", "-D", data, "-w", "-l", folder.appendingPathComponent("log").path,
                           "-o", "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
                           "start"])
    }

    /// Restarts the server; `immediate` kills it without a shutdown checkpoint (as a crash
    /// would), so committed work must come back from the write-ahead log.
    package func restart(immediate: Bool) async throws {
        try await asOwner(["\(bin)/pg_ctl", "-D", data, "-w", "-m", immediate ? "immediate" : "fast", "stop"])
        try await start()
    }

    /// Stops the server (it stays stopped until ``restart(immediate:)``-like start).
    package func stopServer() async throws {
        try await asOwner(["\(bin)/pg_ctl", "-D", data, "-w", "-m", "fast", "stop"])
    }

    /// Starts a stopped server again.
    package func startServer() async throws { try await start() }

    /// Stops the server and deletes its folder.
    package func stop() async {
        _ = try? await asOwner(["\(bin)/pg_ctl", "-D", data, "-w", "-m", "immediate", "stop"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// A new, empty database; returns its URL.
    package func makeDatabase() async throws -> String {
        let name = "understudy_\(UUID().uuidString.prefix(8).lowercased())"
        _ = try await psql("CREATE DATABASE \(name)", database: "postgres")
        return url(database: name)
    }

    package func url(database: String) -> String { "postgres://postgres@127.0.0.1:\(port)/\(database)" }

    /// Runs SQL with `psql` and returns what it printed (unaligned, tuples only).
    @discardableResult
    package func psql(_ sql: String, database: String) async throws -> String {
        let output = try await run(["\(bin)/psql", "-h", "127.0.0.1", "-p", "\(port)", "-U", "postgres", "-d", database, "-At",
                                    "-v", "ON_ERROR_STOP=1", "-c", sql])
        guard output.status == 0 else { throw ClusterError("psql failed: \(output.standardError)") }
        return output.standardOutput
    }

    /// Runs `sql` in a `psql` that keeps going in the background (a lock held for a while).
    package func psqlInBackground(_ sql: String, database: String) -> Task<CommandOutput, any Error> {
        Task { try await run(["\(bin)/psql", "-h", "127.0.0.1", "-p", "\(port)", "-U", "postgres", "-d", database, "-At", "-c", sql]) }
    }

    private func asOwner(_ arguments: [String]) async throws {
        let output = try await run(getuid() == 0 ? ["runuser", "-u", "postgres", "--"] + arguments : arguments)
        guard output.status == 0 else {
            throw ClusterError("\(arguments.first ?? "") failed (\(output.status)): \(output.standardError)\(output.standardOutput)")
        }
    }

    /// A loopback port nothing listens on now (the kernel's pick for port 0).
    private static func freePort() throws -> Int {
        let socket = try LoopbackSocket()
        defer { socket.close() }
        return socket.port
    }

    package struct ClusterError: Error, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = description }
    }
}
