import Foundation
import Understudy

/// One admin endpoint: a method, a path template under `/__admin` such as
/// `/mappings/{id}`, and the ``AdminAPI`` method that answers it.
///
/// ``all`` is the whole admin API, one line per endpoint: adding an endpoint means adding
/// its handler method and one line there.
struct AdminRoute: Sendable {
    /// Answers a request that fits the route.
    typealias Handler = @Sendable (AdminAPI, AdminRequest) throws(AdminError) -> ResponseDefinition

    /// One piece of a template: a literal such as `mappings`, a parameter such as `{id}`, or
    /// `{name...}`, which takes every remaining segment (`/files/{path...}`).
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
        case rest(String)
    }

    /// Answers a request that may wait (`/messages/wait`): run by the server off the event
    /// loop; ``handler`` answers without waiting when the API is called in process.
    typealias WaitingHandler = @Sendable (AdminAPI, RecordedRequest) async throws(AdminError) -> ResponseDefinition

    let method: HTTPMethod
    /// The template as written, such as `/mappings/{id}`.
    let template: String
    let segments: [Segment]
    let handler: Handler
    let waitingHandler: WaitingHandler?

    /// A route whose handler reads the path parameters (and, through them, the request).
    init(_ method: HTTPMethod, _ template: String, _ handler: @escaping @Sendable (AdminAPI) -> (AdminRequest) throws(AdminError) -> ResponseDefinition) {
        self.init(method, template, handler: { api, request throws(AdminError) in try handler(api)(request) })
    }

    /// A route whose handler reads the request only.
    init(_ method: HTTPMethod, _ template: String, _ handler: @escaping @Sendable (AdminAPI) -> (RecordedRequest) throws(AdminError) -> ResponseDefinition) {
        self.init(method, template, handler: { api, request throws(AdminError) in try handler(api)(request.recorded) })
    }

    /// A route whose handler needs nothing from the request.
    init(_ method: HTTPMethod, _ template: String, _ handler: @escaping @Sendable (AdminAPI) -> () throws(AdminError) -> ResponseDefinition) {
        self.init(method, template, handler: { api, _ throws(AdminError) in try handler(api)() })
    }

    /// A route whose answer may wait: `now` answers at once (in process), `waiting` as the server serves it.
    init(_ method: HTTPMethod, _ template: String, now: @escaping @Sendable (AdminAPI) -> (RecordedRequest) throws(AdminError) -> ResponseDefinition,
         waiting: @escaping @Sendable (AdminAPI) -> (RecordedRequest) async throws(AdminError) -> ResponseDefinition) {
        self.init(method, template, handler: { api, request throws(AdminError) in try now(api)(request.recorded) },
                  waitingHandler: { api, request async throws(AdminError) in try await waiting(api)(request) })
    }

    private init(_ method: HTTPMethod, _ template: String, handler: @escaping Handler, waitingHandler: WaitingHandler? = nil) {
        self.waitingHandler = waitingHandler
        self.method = method
        self.template = template
        self.segments = template.split(separator: "/").map { piece in
            guard piece.hasPrefix("{") && piece.hasSuffix("}") else { return .literal(String(piece)) }
            let name = piece.dropFirst().dropLast()
            return name.hasSuffix("...") ? .rest(String(name.dropLast(3))) : .parameter(String(name))
        }
        self.handler = handler
    }

    /// Every admin route: the endpoints WireMock 3.13 serves, WireMock 4's message stubs,
    /// message journal and channels, and the legacy `POST /requests/reset` and
    /// `POST /mappings/edit` that 2.x clients still call.
    /// `AdminAPIDocument` describes each one (a test keeps the two in step).
    static let all: [AdminRoute] = [
        AdminRoute(.get, "/", AdminAPI.root),
        AdminRoute(.get, "/mappings", AdminAPI.listMappings),
        AdminRoute(.post, "/mappings", AdminAPI.createMapping),
        AdminRoute(.delete, "/mappings", AdminAPI.deleteAllMappings),
        AdminRoute(.post, "/mappings/save", AdminAPI.saveMappings),
        AdminRoute(.post, "/mappings/reset", AdminAPI.resetToRootMappings),
        AdminRoute(.post, "/mappings/import", AdminAPI.importMappings),
        AdminRoute(.post, "/mappings/remove", AdminAPI.removeMappingByPattern),
        AdminRoute(.post, "/mappings/edit", AdminAPI.editMappingLegacy),
        AdminRoute(.post, "/mappings/find-by-metadata", AdminAPI.findMappingsByMetadata),
        AdminRoute(.post, "/mappings/remove-by-metadata", AdminAPI.removeMappingsByMetadata),
        AdminRoute(.get, "/mappings/unmatched", AdminAPI.listUnmatchedMappings),
        AdminRoute(.delete, "/mappings/unmatched", AdminAPI.removeUnmatchedMappings),
        AdminRoute(.get, "/mappings/{id}", AdminAPI.getMapping),
        AdminRoute(.put, "/mappings/{id}", AdminAPI.editMapping),
        AdminRoute(.delete, "/mappings/{id}", AdminAPI.deleteMapping),
        AdminRoute(.get, "/scenarios", AdminAPI.listScenarios),
        AdminRoute(.post, "/scenarios/reset", AdminAPI.resetScenarios),
        AdminRoute(.put, "/scenarios/{name}/state", AdminAPI.setScenarioState),
        AdminRoute(.get, "/requests", AdminAPI.listRequests),
        AdminRoute(.delete, "/requests", AdminAPI.deleteAllRequests),
        AdminRoute(.post, "/requests/reset", AdminAPI.resetRequestsLegacy),
        AdminRoute(.post, "/requests/count", AdminAPI.countRequests),
        AdminRoute(.post, "/requests/find", AdminAPI.findRequests),
        AdminRoute(.get, "/requests/unmatched", AdminAPI.unmatchedRequests),
        AdminRoute(.get, "/requests/unmatched/near-misses", AdminAPI.unmatchedNearMisses),
        AdminRoute(.post, "/requests/remove", AdminAPI.removeRequestsByPattern),
        AdminRoute(.post, "/requests/remove-by-metadata", AdminAPI.removeRequestsByMetadata),
        AdminRoute(.get, "/requests/{id}", AdminAPI.getRequest),
        AdminRoute(.delete, "/requests/{id}", AdminAPI.deleteRequest),
        AdminRoute(.post, "/near-misses/request", AdminAPI.nearMissesForRequest),
        AdminRoute(.post, "/near-misses/request-pattern", AdminAPI.nearMissesForPattern),
        AdminRoute(.get, "/settings", AdminAPI.getSettings),
        AdminRoute(.post, "/settings", AdminAPI.replaceSettings),
        AdminRoute(.put, "/settings", AdminAPI.replaceSettings),
        AdminRoute(.patch, "/settings", AdminAPI.patchSettings),
        AdminRoute(.patch, "/settings/extended", AdminAPI.patchExtendedSettings),
        AdminRoute(.post, "/reset", AdminAPI.resetAll),
        AdminRoute(.post, "/shutdown", AdminAPI.shutdown),
        AdminRoute(.get, "/health", AdminAPI.health),
        AdminRoute(.get, "/version", AdminAPI.version),
        AdminRoute(.post, "/recordings/start", AdminAPI.startRecording),
        AdminRoute(.post, "/recordings/stop", AdminAPI.stopRecording),
        AdminRoute(.get, "/recordings/status", AdminAPI.recordingStatus),
        AdminRoute(.post, "/recordings/snapshot", AdminAPI.snapshotRecording),
        AdminRoute(.get, "/recorder", AdminAPI.recorderPage),
        AdminRoute(.get, "/certs/wiremock-ca.crt", AdminAPI.certificateAuthority),
        AdminRoute(.get, "/pact", AdminAPI.pact),
        AdminRoute(.get, "/files", AdminAPI.listFiles),
        AdminRoute(.get, "/files/{path...}", AdminAPI.getFile),
        AdminRoute(.put, "/files/{path...}", AdminAPI.putFile),
        AdminRoute(.delete, "/files/{path...}", AdminAPI.deleteFile),
        AdminRoute(.get, "/message-mappings", AdminAPI.listMessageMappings),
        AdminRoute(.post, "/message-mappings", AdminAPI.createMessageMapping),
        AdminRoute(.delete, "/message-mappings", AdminAPI.deleteAllMessageMappings),
        AdminRoute(.post, "/message-mappings/find-by-metadata", AdminAPI.findMessageMappingsByMetadata),
        AdminRoute(.post, "/message-mappings/remove-by-metadata", AdminAPI.removeMessageMappingsByMetadata),
        AdminRoute(.get, "/message-mappings/{id}", AdminAPI.getMessageMapping),
        AdminRoute(.put, "/message-mappings/{id}", AdminAPI.editMessageMapping),
        AdminRoute(.delete, "/message-mappings/{id}", AdminAPI.deleteMessageMapping),
        AdminRoute(.get, "/messages", AdminAPI.listMessages),
        AdminRoute(.delete, "/messages", AdminAPI.deleteAllMessages),
        AdminRoute(.post, "/messages/count", AdminAPI.countMessages),
        AdminRoute(.post, "/messages/find", AdminAPI.findMessages),
        AdminRoute(.post, "/messages/remove", AdminAPI.removeMessages),
        AdminRoute(.post, "/messages/remove-by-metadata", AdminAPI.removeMessagesByMetadata),
        AdminRoute(.post, "/messages/wait", now: AdminAPI.waitForMessageNow, waiting: AdminAPI.waitForMessage),
        AdminRoute(.post, "/messages/wait-for-count", now: AdminAPI.waitForMessagesNow, waiting: AdminAPI.waitForMessages),
        AdminRoute(.get, "/messages/{id}", AdminAPI.getMessage),
        AdminRoute(.delete, "/messages/{id}", AdminAPI.deleteMessage),
        AdminRoute(.get, "/channels", AdminAPI.listChannels),
        AdminRoute(.post, "/channels/send", AdminAPI.sendToChannels),
        AdminRoute(.get, "/channels/{id}", AdminAPI.getChannel),
        AdminRoute(.delete, "/channels/{id}", AdminAPI.deleteChannel),
        AdminRoute(.get, "/docs/swagger", AdminAPI.swaggerDocument),
        AdminRoute(.get, "/docs", AdminAPI.docsIndex),
        AdminRoute(.get, "/dashboard", AdminAPI.dashboardPage),
        AdminRoute(.get, "/dashboard/events", AdminAPI.dashboardEvents),
        AdminRoute(.get, "/dashboard/state", AdminAPI.dashboardState),
        AdminRoute(.get, "/dashboard/stub-suggestion/{id}", AdminAPI.dashboardStubSuggestion),
    ]

    /// The parameters when the path segments fit the template, else `nil`. Each segment is
    /// percent-decoded on its own; a rest parameter joins its segments with `/`.
    func parameters(for path: [String]) -> [String: String]? {
        let takesRest = if case .rest = segments.last { true } else { false }
        guard takesRest ? path.count >= segments.count : path.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            let piece = path[index]
            switch segment {
            case .literal(let literal): if literal != piece { return nil }
            case .parameter(let name): parameters[name] = piece.removingPercentEncoding ?? piece
            case .rest(let name): parameters[name] = path[index...].map { $0.removingPercentEncoding ?? $0 }.joined(separator: "/")
            }
        }
        return parameters
    }

    /// How many literal segments the template has; literal routes win over parameter routes
    /// (`/mappings/save` is not `/mappings/{id}`).
    var literalCount: Int { segments.filter { if case .literal = $0 { true } else { false } }.count }

    /// What the router decided for a method and a path below `/__admin`.
    enum Resolution: Sendable {
        case found(AdminRoute, parameters: [String: String])
        /// The path exists, the method does not; `allowed` lists the methods that do.
        case methodNotAllowed(allowed: [HTTPMethod])
        case notFound
    }

    /// Finds the route for a method and a path such as `/mappings/save`.
    static func resolve(method: HTTPMethod, path: String) -> Resolution {
        let pieces = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let fitting = all.compactMap { route in route.parameters(for: pieces).map { (route, $0) } }
        guard let best = fitting.map(\.0.literalCount).max() else { return .notFound }
        let candidates = fitting.filter { $0.0.literalCount == best }
        if let match = candidates.first(where: { $0.0.method == method }) {
            return .found(match.0, parameters: match.1)
        }
        // HEAD is GET without a body.
        if method == .head, let match = candidates.first(where: { $0.0.method == .get }) {
            return .found(match.0, parameters: match.1)
        }
        return .methodNotAllowed(allowed: candidates.map(\.0.method))
    }
}
