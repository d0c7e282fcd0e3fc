import Foundation
import PostgresNIO

/// Where a PostgreSQL store lives: `postgres://user:password@host:port/database`, as
/// `understudy serve --store` takes it. The password never appears in messages.
public struct PostgresStoreLocation: Sendable, CustomStringConvertible {
    /// The database server's host name or address.
    public var host: String
    /// Its port (5432 unless the URL says otherwise).
    public var port: Int
    /// The user to connect as (`postgres` unless the URL names one).
    public var username: String
    /// The user's password, when the URL gives one.
    public var password: String?
    /// The database (the user's name unless the URL names one).
    public var database: String

    /// Reads a `postgres://` (or `postgresql://`) URL; user, password, port (5432) and
    /// database (the user's name) may be left out.
    /// - Throws: ``PostgresStoreError`` naming what is wrong with `text`.
    public init(url text: String) throws(PostgresStoreError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw .badLocation(text, "it is not a URL")
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw .badLocation(text, "its scheme is '\(scheme)', not postgres")
        }
        guard let host = components.host, !host.isEmpty else { throw .badLocation(text, "it names no host") }
        if let mode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value, mode != "disable" {
            throw .badLocation(text, "sslmode=\(mode) is not supported (only unencrypted connections, sslmode=disable)")
        }
        self.host = host
        port = components.port ?? 5432
        username = components.user.map { $0.removingPercentEncoding ?? $0 } ?? "postgres"
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? username : path
    }

    /// `host:port/database`, without credentials.
    public var description: String { "\(host):\(port)/\(database)" }

    var connectionConfiguration: PostgresConnection.Configuration {
        PostgresConnection.Configuration(host: host, port: port, username: username, password: password, database: database, tls: .disable)
    }
}
