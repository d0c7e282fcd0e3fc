import Foundation
import PostgresNIO

/// Why the PostgreSQL state store could not do what was asked; every message names the
/// database and what to do about it.
public struct PostgresStoreError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, with the fix.
    public let description: String

    init(_ description: String) { self.description = description }

    /// The `--store` value is not a PostgreSQL URL.
    static func badLocation(_ text: String, _ problem: String) -> PostgresStoreError {
        PostgresStoreError("'\(text)' is not a PostgreSQL store: \(problem). Write it as postgres://user:password@host:5432/database.")
    }

    /// A call the database did not answer in time.
    static func timedOut(_ location: PostgresStoreLocation, after timeout: Duration) -> PostgresStoreError {
        PostgresStoreError("PostgreSQL at \(location) did not answer within \(timeout). Check that the database is up and not "
            + "overloaded or locked, or allow it longer (--store-timeout).")
    }

    /// A failure the database or the connection reported.
    static func failed(_ location: PostgresStoreLocation, _ error: any Error, timeout: Duration) -> PostgresStoreError {
        if let store = error as? PostgresStoreError { return store }
        if error is PostgresConnectionPool.PoolTimeout { return .timedOut(location, after: timeout) }
        let detail: String
        if let psql = error as? PSQLError {
            // 57014: a statement cancelled by statement_timeout; 55P03: lock_timeout.
            if let state = psql.serverInfo?[.sqlState], state == "57014" || state == "55P03" {
                return .timedOut(location, after: timeout)
            }
            if let message = psql.serverInfo?[.message] {
                let state = psql.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
                return PostgresStoreError("PostgreSQL at \(location) refused a statement: \(message)\(state). The database's user "
                    + "must be able to create tables in it (Understudy makes its own on start); the database's log has the details.")
            } else if let underlying = psql.underlying {
                detail = "the connection failed: \(underlying)"
            } else {
                detail = "the connection failed (\(psql.code))"
            }
        } else {
            detail = "\(error)"
        }
        return PostgresStoreError("PostgreSQL at \(location) failed: \(detail). Check that the database is up and reachable "
            + "with these credentials; Understudy reconnects by itself once it is.")
    }

    /// A stub whose answer is Swift code, which another process cannot run.
    static func unshareable(_ id: UUID) -> PostgresStoreError {
        PostgresStoreError("stub \(id) answers with a Swift closure, which a PostgreSQL store cannot share with other instances. "
            + "Give it a ResponseDefinition (a static or templated answer) instead.")
    }

    /// A stored row that does not read back.
    static func unreadable(_ what: String, _ error: any Error) -> PostgresStoreError {
        PostgresStoreError("a stored \(what) could not be read back (\(error)). It was written by an incompatible version of "
            + "Understudy: reset the store (POST /__admin/reset) or point this instance at another database.")
    }
}
