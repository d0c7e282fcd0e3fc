public import Understudy
import UnderstudyClient
// URLSession lives in FoundationNetworking on Linux and in Foundation on Apple platforms; the
// module that declares it is imported publicly on each.
#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

extension MockServer {
    /// A `URLSession` whose requests to this server name `mock`'s namespace (the
    /// `Understudy-Namespace` header on every request), for a namespaced handle
    /// (`HTTPMock.namespaced(_:)`) on a shared server; a plain session for a
    /// mock with no namespace.
    public func urlSession(for mock: HTTPMock, configuration: URLSessionConfiguration = .ephemeral) -> URLSession {
        let configuration = configuration.copy() as? URLSessionConfiguration ?? configuration
        if let namespace = mock.namespace {
            var headers = configuration.httpAdditionalHeaders ?? [:]
            headers[Namespace.headerName] = namespace
            configuration.httpAdditionalHeaders = headers
        }
        return URLSession(configuration: configuration)
    }

    /// The launch environment for an app under test that talks to this server in `mock`'s
    /// namespace: ``launchEnvironment`` plus the namespace, which the app's
    /// `UnderstudyEnvironment.sessionConfiguration(_:)` turns into the header.
    public func launchEnvironment(for mock: HTTPMock) throws(MockServerError) -> [String: String] {
        var environment = try launchEnvironment
        if let namespace = mock.namespace { environment[UnderstudyEnvironment.namespaceKey] = namespace }
        return environment
    }
}
