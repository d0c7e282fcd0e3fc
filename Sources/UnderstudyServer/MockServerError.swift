/// Why a ``MockServer`` could not do what was asked: start, or say where it listens.
///
/// Compare with the static members (`error == .notRunning`); new reasons may be added
/// without breaking code that handles these.
public struct MockServerError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case cannotBind(host: String, port: Int, reason: String)
        case alreadyStarted
        case notRunning
        case notListening(scheme: String)
        case cannotStartTLS(reason: String)
        case noListener
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

    /// The server was asked where it listens for `scheme` (`http` or `https`) but runs no
    /// listener for it: plain HTTP was turned off (``MockServerConfiguration/httpEnabled``), or
    /// no HTTPS was configured.
    public static func notListening(scheme: String) -> MockServerError {
        MockServerError(.notListening(scheme: scheme))
    }

    /// The HTTPS settings could not be turned into a TLS server; `reason` names the problem.
    public static func cannotStartTLS(reason: String) -> MockServerError {
        MockServerError(.cannotStartTLS(reason: reason))
    }

    /// Plain HTTP was turned off and no HTTPS was configured: the server would listen nowhere.
    public static let noListener = MockServerError(.noListener)

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
        case .notListening(let scheme) where scheme == "https":
            return "the server has no HTTPS listener: set configuration.https (import UnderstudyTLS) before starting it, or use baseURL"
        case .notListening(let scheme):
            return "the server has no \(scheme) listener: configuration.httpEnabled is false; use httpsBaseURL, or leave httpEnabled on"
        case .cannotStartTLS(let reason):
            return "cannot start HTTPS: \(reason)"
        case .noListener:
            return "the server would listen nowhere: httpEnabled is false and no HTTPS is configured; set configuration.https (import UnderstudyTLS) or leave httpEnabled on"
        }
    }
}
