/// Why a ``MockServer`` could not do what was asked: start, or say where it listens.
///
/// Compare with the static members (`error == .notRunning`); new reasons may be added
/// without breaking code that handles these.
public struct MockServerError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case cannotBind(host: String, port: Int, reason: String)
        case alreadyStarted
        case notRunning
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// The address `host:port` could not be bound; `reason` is what the system said.
    public static func cannotBind(host: String, port: Int, reason: String) -> MockServerError {
        MockServerError(.cannotBind(host: host, port: port, reason: reason))
    }

    /// ``MockServer/start()`` was called twice, or after shutdown.
    public static let alreadyStarted = MockServerError(.alreadyStarted)

    /// The server's ``MockServer/port``, ``MockServer/baseURL`` or
    /// ``MockServer/launchEnvironment`` was read before ``MockServer/start()`` or after
    /// ``MockServer/shutdown()``.
    public static let notRunning = MockServerError(.notRunning)

    /// What went wrong and how to go on.
    public var description: String {
        switch reason {
        case let .cannotBind(host, port, reason):
            let hint = reason.contains("in use") || reason.contains("EADDRINUSE") || reason.contains("(98)")
                ? "; another process uses port \(port): choose another with --port, or 0 for any free port"
                : ""
            return "cannot listen on \(host):\(port): \(reason)\(hint)"
        case .alreadyStarted:
            return "the server was already started; create a new MockServer for each run"
        case .notRunning:
            return "the server is not running: call start() first, or it was shut down; prefer withMockServer { server in … }, which keeps the server running for its whole body"
        }
    }
}
