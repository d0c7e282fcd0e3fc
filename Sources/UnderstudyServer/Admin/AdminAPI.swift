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

    let mock: HTTPMock
    let requestShutdown: @Sendable () -> Void
    /// Settings and start time kept between requests.
    let state: AdminState

    /// Creates the API for a mock. `requestShutdown` runs after `POST /__admin/shutdown` has
    /// been answered. Pass the same `state` to every instance that serves one server so that
    /// settings are remembered between requests.
    init(mock: HTTPMock, requestShutdown: @escaping @Sendable () -> Void, state: AdminState = AdminState()) {
        self.mock = mock
        self.requestShutdown = requestShutdown
        self.state = state
    }

    /// Answers one admin request; `request.path` is `/__admin` or starts with `/__admin/`.
    func handle(_ request: RecordedRequest) -> ResponseDefinition {
        var path = request.path
        if path.hasPrefix(Self.prefix) { path.removeFirst(Self.prefix.count) }
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
        case .found(let endpoint, let parameters):
            do {
                var response = try respond(endpoint, parameters: parameters, request: request)
                if request.method == .head { response.body = .none }
                if endpoint == .shutdown { requestShutdown() }
                return response
            } catch {
                return error.response
            }
        }
    }

    private func respond(_ endpoint: AdminRoute.Endpoint, parameters: [String: String], request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        switch endpoint {
        case .listMappings: return try listMappings(request)
        case .createMapping: return try createMapping(request)
        case .deleteAllMappings: return deleteAllMappings()
        case .saveMappings: return try saveMappings()
        case .resetMappings: return try resetToRootMappings()
        case .importMappings: return try importMappings(request)
        case .removeMappingByPattern: return try removeMappingByPattern(request)
        case .editMappingLegacy: return try editMappingLegacy(request)
        case .findMappingsByMetadata: return try findMappingsByMetadata(request)
        case .removeMappingsByMetadata: return try removeMappingsByMetadata(request)
        case .listUnmatchedMappings: return AdminResponse.json(unmatchedStubs().listJSON())
        case .removeUnmatchedMappings: return removeUnmatchedMappings()
        case .getMapping: return try getMapping(id: parameters["id"] ?? "")
        case .editMapping: return try editMapping(id: parameters["id"] ?? "", request)
        case .deleteMapping: return try deleteMapping(id: parameters["id"] ?? "")
        case .listScenarios: return listScenarios()
        case .resetScenarios: return resetScenarios()
        case .setScenarioState: return try setScenarioState(name: parameters["name"] ?? "", request)
        case .listRequests: return try listRequests(request)
        case .deleteAllRequests: return deleteAllRequests()
        case .resetRequestsLegacy: return resetRequestsLegacy()
        case .countRequests: return try countRequests(request)
        case .findRequests: return try findRequests(request)
        case .unmatchedRequests: return unmatchedRequests()
        case .unmatchedNearMisses: return unmatchedNearMisses()
        case .removeRequestsByPattern: return try removeRequestsByPattern(request)
        case .removeRequestsByMetadata: return try removeRequestsByMetadata(request)
        case .getRequest: return try getRequest(id: parameters["id"] ?? "")
        case .deleteRequest: return try deleteRequest(id: parameters["id"] ?? "")
        case .nearMissesForRequest: return try nearMissesForRequest(request)
        case .nearMissesForPattern: return try nearMissesForPattern(request)
        case .getSettings: return getSettings()
        case .replaceSettings: return try replaceSettings(request)
        case .patchSettings: return try patchSettings(request)
        case .patchExtendedSettings: return try patchExtendedSettings(request)
        case .reset: return try resetAll()
        case .shutdown: return AdminResponse.ok
        case .health: return health()
        case .version: return version(request)
        case .startRecording: return try startRecording(request)
        case .stopRecording: return try stopRecording()
        case .recordingStatus: return recordingStatus()
        case .snapshotRecording: return try snapshotRecording(request)
        case .listFiles: return listFiles()
        case .getFile: return try getFile(parameters["path", default: ""])
        case .putFile: return try putFile(parameters["path", default: ""], request.body)
        case .deleteFile: return try deleteFile(parameters["path", default: ""])
        }
    }

    // MARK: Shared decoding

    /// The body parsed as JSON; 422 when it is not JSON.
    func jsonBody(_ request: RecordedRequest) throws(AdminError) -> JSONValue {
        do {
            return try JSONParser.parse(request.body)
        } catch {
            throw .invalidInput("the body is not valid JSON: \(error)")
        }
    }

    /// The body decoded as a WireMock request pattern; 422 naming the field when it is not one.
    func requestPattern(_ request: RecordedRequest) throws(AdminError) -> RequestPattern {
        do {
            return try WireMockMappings.decodeRequestPattern(request.body)
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
