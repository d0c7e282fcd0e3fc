import Foundation
import Understudy

/// WireMock 3.13's admin API under `/__admin`, over one ``HTTPMock``: stubs (`mappings`),
/// the request journal (`requests`), near misses, scenarios, recordings, settings, health,
/// reset and shutdown. Bodies and answers use WireMock's JSON shapes, so WireMock's own clients work.
///
/// It knows nothing of sockets: it takes a ``RecordedRequest`` and returns the
/// ``ResponseDefinition`` to send. Bad input gets a 4xx with WireMock's `Errors` document
/// and leaves the mock as it was.
struct AdminAPI: Sendable {
    /// The WireMock version whose admin API this one follows (reported by `version` and `health`).
    static let wireMockVersion = "3.13.2"
    /// The path every admin resource is under.
    static let prefix = "/__admin"

    /// Whether `path` is the admin API's (``prefix`` itself or under it; `/__adminx` is not).
    /// Compared as bytes: every request a server receives asks, and `hasPrefix` compares
    /// characters.
    static func isAdmin(path: String) -> Bool {
        let path = path.utf8
        guard path.starts(with: prefix.utf8) else { return false }
        return path.count == prefix.utf8.count || path.dropFirst(prefix.utf8.count).first == UInt8(ascii: "/")
    }

    let mock: HTTPMock
    let requestShutdown: @Sendable () -> Void
    /// Settings and start time kept between requests.
    let state: AdminState
    /// The HTTPS listener's certificate authority as PEM, if the server has one.
    let certificateAuthorityPEM: String?

    /// Creates the API for a mock. `requestShutdown` runs after `POST /__admin/shutdown` has
    /// been answered. Pass the same `state` to every instance that serves one server so that
    /// settings are remembered between requests.
    init(mock: HTTPMock, requestShutdown: @escaping @Sendable () -> Void, state: AdminState = AdminState(),
         certificateAuthorityPEM: String? = nil) {
        self.mock = mock
        self.requestShutdown = requestShutdown
        self.state = state
        self.certificateAuthorityPEM = certificateAuthorityPEM
    }

    /// Answers one admin request; `request.path` is `/__admin` or starts with `/__admin/`.
    ///
    /// A request with `?namespace=NAME` (or the `Understudy-Namespace` header) works in that
    /// namespace (an Understudy extension, as MockServer's namespaces): stubs it lists, adds,
    /// edits and deletes are the namespace's, the journal, counts and near misses its
    /// requests, scenarios its states, and `reset` drops the namespace only.
    func handle(_ request: RecordedRequest) -> ResponseDefinition {
        guard let namespace = request.queryValues("namespace").first ?? request.namespace, mock.namespace != namespace else {
            return route(request)
        }
        do throws(NamespaceError) {
            let scoped = AdminAPI(mock: try mock.namespaced(namespace), requestShutdown: requestShutdown, state: state,
                                  certificateAuthorityPEM: certificateAuthorityPEM)
            return scoped.route(request)
        } catch {
            return AdminError.invalidInput(pointer: nil, "namespace: \(error)").response
        }
    }

    /// Answers one admin request in this API's mock.
    private func route(_ request: RecordedRequest) -> ResponseDefinition {
        var path = request.path
        if path.hasPrefix(Self.prefix) { path.removeFirst(Self.prefix.count) }
        if path.isEmpty, request.method == .get || request.method == .head {
            // WireMock's RootRedirectTask: `/__admin` redirects to `/__admin/`.
            return ResponseDefinition(status: 302, headers: ["Location": Self.prefix + "/"])
        }
        switch AdminRoute.resolve(method: request.method, path: path) {
        case .notFound:
            return AdminError.notFound("No admin resource at \(request.method) \(request.path); see https://wiremock.org/docs/standalone/admin-api-reference/")
                .response
        case .methodNotAllowed(let allowed):
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            var response = AdminError(status: 405, code: 405, pointer: nil,
                                      title: "\(request.path) does not accept \(request.method); use \(names)", detail: nil).response
            response.headers.add(name: "Allow", value: names)
            return response
        case .found(let route, let parameters):
            do {
                var response = try route.handler(self, AdminRequest(recorded: request, parameters: parameters))
                if request.method == .head { response.body = .none }
                return response
            } catch {
                return error.response
            }
        }
    }

    /// The work that answers `request` when its route may wait (`/messages/wait`), for the
    /// server to run off the event loop; `nil` for every other request, which ``handle(_:)`` answers.
    func waitingWork(for request: RecordedRequest) -> (@Sendable () async -> ResponseDefinition)? {
        var path = request.path
        if path.hasPrefix(Self.prefix) { path.removeFirst(Self.prefix.count) }
        guard case .found(let route, _) = AdminRoute.resolve(method: request.method, path: path),
              let waiting = route.waitingHandler else { return nil }
        let api = self
        return {
            do throws(AdminError) {
                return try await waiting(api, request)
            } catch {
                return error.response
            }
        }
    }

    // MARK: Shared decoding

    /// The body parsed as JSON; 422 when it is not JSON.
    func jsonBody(_ request: RecordedRequest) throws(AdminError) -> JSONValue {
        do {
            return try JSONParser.parseLeniently(request.body)
        } catch {
            throw .invalidInput("the body is not valid JSON: \(error)")
        }
    }

    /// The body decoded as a WireMock request pattern; 422 naming the field when it is not one.
    func requestPattern(_ request: RecordedRequest) throws(AdminError) -> RequestPattern {
        do {
            return try WireMockMappings.decodeRequestPattern(request.body, extensions: mock.serverMappingExtensions)
        } catch {
            throw .invalidInput(error)
        }
    }

    /// The body decoded as a WireMock string-value pattern (metadata searches).
    func stringValuePattern(_ request: RecordedRequest) throws(AdminError) -> StringValuePattern {
        do {
            return try WireMockMappings.decodeStringValuePattern(request.body)
        } catch {
            throw .invalidInput(error)
        }
    }

    /// A path parameter as a UUID; 400 as WireMock when it is not one.
    func uuid(_ text: String) throws(AdminError) -> UUID {
        guard let id = UUID(uuidString: text) else { throw .badRequest("\(text) is not a valid UUID") }
        return id
    }

    /// A non-negative integer query parameter, or `nil` when absent.
    func nonNegativeQueryInt(_ name: String, in request: RecordedRequest) throws(AdminError) -> Int? {
        guard let text = request.queryValues(name).first else { return nil }
        guard let value = Int(text), value >= 0 else { throw .badRequest("\(name) must be 0 or greater") }
        return value
    }
}
