public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The bridge between UI tests and the app under test: the test starts a server and passes
/// its address in the launch environment; the app reads it here.
///
/// (A namespace of its own rather than `Understudy.baseURL`: a type named `Understudy` would
/// hide the module name `Understudy`, which qualified names such as `Understudy.HTTPHeaders`
/// need when another module also has an `HTTPHeaders`.)
///
/// ```swift
/// // In the app:
/// let api = UnderstudyEnvironment.baseURL(default: URL(string: "https://api.example.com")!)
/// let live = UnderstudyEnvironment.webSocketBaseURL(default: URL(string: "wss://live.example.com")!)
/// // In the UI test:
/// app.launchEnvironment = server.launchEnvironment
/// ```
public enum UnderstudyEnvironment {
    /// The launch-environment variable that carries the mock server's base URL.
    public static let baseURLKey = "UNDERSTUDY_BASE_URL"

    /// The base URL a test asked for, or `default` when the app runs normally.
    public static func baseURL(default defaultURL: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        environment[baseURLKey].flatMap(URL.init(string:)) ?? defaultURL
    }

    /// The launch-environment variable that carries the namespace the app's requests name on
    /// a server shared by many tests.
    public static let namespaceKey = "UNDERSTUDY_NAMESPACE"

    /// The header a request names its namespace in on a shared mock server.
    public static let namespaceHeaderName = "Understudy-Namespace"

    /// The header the app's requests carry to name the test's namespace on a shared mock
    /// server (``namespaceHeaderName``), or none when the app runs normally.
    public static func namespaceHeaders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        guard let namespace = environment[namespaceKey], !namespace.isEmpty else { return [:] }
        return [namespaceHeaderName: namespace]
    }

    /// `configuration` with ``namespaceHeaders(environment:)`` added to its
    /// `httpAdditionalHeaders`, so every request of a session made from it names the test's
    /// namespace; unchanged when the app runs normally.
    ///
    /// ```swift
    /// let session = URLSession(configuration: UnderstudyEnvironment.sessionConfiguration(.default))
    /// ```
    public static func sessionConfiguration(_ configuration: URLSessionConfiguration,
                                            environment: [String: String] = ProcessInfo.processInfo.environment) -> URLSessionConfiguration {
        let headers = namespaceHeaders(environment: environment)
        guard !headers.isEmpty else { return configuration }
        let copy = configuration.copy() as? URLSessionConfiguration ?? configuration
        copy.httpAdditionalHeaders = (copy.httpAdditionalHeaders ?? [:]).merging(headers) { _, ours in ours }
        return copy
    }

    /// The WebSocket base URL a test asked for, or `default` when the app runs normally: the
    /// same mock server as ``baseURL(default:environment:)``, as `ws://` (`wss://` for an
    /// `https://` server), so that one launch-environment variable points both the app's HTTP
    /// and its sockets at the mock.
    public static func webSocketBaseURL(default defaultURL: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        guard let base = environment[baseURLKey].flatMap({ URLComponents(string: $0) }) else { return defaultURL }
        var components = base
        switch base.scheme?.lowercased() {
        case "http": components.scheme = "ws"
        case "https": components.scheme = "wss"
        default: break
        }
        return components.url ?? defaultURL
    }
}

extension URL {
    /// The same path, query and fragment on `http://localhost:<port>`: points a production URL
    /// at a local mock server.
    public func replacingHostWithLocalhost(port: Int) -> URL {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: true) else { return self }
        components.scheme = "http"
        components.host = "localhost"
        components.port = port
        components.user = nil
        components.password = nil
        return components.url ?? self
    }
}
