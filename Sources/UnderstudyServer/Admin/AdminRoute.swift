import Foundation
import Understudy

/// One admin endpoint: a method, a path template under `/__admin` such as
/// `/mappings/{id}`, and what handles it.
struct AdminRoute: Sendable {
    /// The endpoints WireMock 3.13 serves (plus the legacy `POST /requests/reset` and
    /// `POST /mappings/edit` that 2.x clients still call).
    enum Endpoint: Sendable {
        case listMappings, createMapping, deleteAllMappings
        case saveMappings, resetMappings, importMappings, removeMappingByPattern, editMappingLegacy
        case findMappingsByMetadata, removeMappingsByMetadata
        case listUnmatchedMappings, removeUnmatchedMappings
        case getMapping, editMapping, deleteMapping
        case listScenarios, resetScenarios, setScenarioState
        case listRequests, deleteAllRequests, resetRequestsLegacy, countRequests, findRequests
        case unmatchedRequests, unmatchedNearMisses, removeRequestsByPattern, removeRequestsByMetadata
        case getRequest, deleteRequest
        case nearMissesForRequest, nearMissesForPattern
        case getSettings, replaceSettings, patchSettings, patchExtendedSettings
        case reset, shutdown, health, version
        case startRecording, stopRecording, recordingStatus, snapshotRecording
        case listFiles, getFile, putFile, deleteFile
    }

    /// One piece of a template: a literal such as `mappings`, a parameter such as `{id}`, or
    /// `{name...}`, which takes every remaining segment (`/files/{path...}`).
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
        case rest(String)
    }

    let method: HTTPMethod
    let segments: [Segment]
    let endpoint: Endpoint

    init(_ method: HTTPMethod, _ template: String, _ endpoint: Endpoint) {
        self.method = method
        self.segments = template.split(separator: "/").map { piece in
            guard piece.hasPrefix("{") && piece.hasSuffix("}") else { return .literal(String(piece)) }
            let name = piece.dropFirst().dropLast()
            return name.hasSuffix("...") ? .rest(String(name.dropLast(3))) : .parameter(String(name))
        }
        self.endpoint = endpoint
    }

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

    /// Every admin route.
    static let all: [AdminRoute] = [
        AdminRoute(.get, "/mappings", .listMappings),
        AdminRoute(.post, "/mappings", .createMapping),
        AdminRoute(.delete, "/mappings", .deleteAllMappings),
        AdminRoute(.post, "/mappings/save", .saveMappings),
        AdminRoute(.post, "/mappings/reset", .resetMappings),
        AdminRoute(.post, "/mappings/import", .importMappings),
        AdminRoute(.post, "/mappings/remove", .removeMappingByPattern),
        AdminRoute(.post, "/mappings/edit", .editMappingLegacy),
        AdminRoute(.post, "/mappings/find-by-metadata", .findMappingsByMetadata),
        AdminRoute(.post, "/mappings/remove-by-metadata", .removeMappingsByMetadata),
        AdminRoute(.get, "/mappings/unmatched", .listUnmatchedMappings),
        AdminRoute(.delete, "/mappings/unmatched", .removeUnmatchedMappings),
        AdminRoute(.get, "/mappings/{id}", .getMapping),
        AdminRoute(.put, "/mappings/{id}", .editMapping),
        AdminRoute(.delete, "/mappings/{id}", .deleteMapping),
        AdminRoute(.get, "/scenarios", .listScenarios),
        AdminRoute(.post, "/scenarios/reset", .resetScenarios),
        AdminRoute(.put, "/scenarios/{name}/state", .setScenarioState),
        AdminRoute(.get, "/requests", .listRequests),
        AdminRoute(.delete, "/requests", .deleteAllRequests),
        AdminRoute(.post, "/requests/reset", .resetRequestsLegacy),
        AdminRoute(.post, "/requests/count", .countRequests),
        AdminRoute(.post, "/requests/find", .findRequests),
        AdminRoute(.get, "/requests/unmatched", .unmatchedRequests),
        AdminRoute(.get, "/requests/unmatched/near-misses", .unmatchedNearMisses),
        AdminRoute(.post, "/requests/remove", .removeRequestsByPattern),
        AdminRoute(.post, "/requests/remove-by-metadata", .removeRequestsByMetadata),
        AdminRoute(.get, "/requests/{id}", .getRequest),
        AdminRoute(.delete, "/requests/{id}", .deleteRequest),
        AdminRoute(.post, "/near-misses/request", .nearMissesForRequest),
        AdminRoute(.post, "/near-misses/request-pattern", .nearMissesForPattern),
        AdminRoute(.get, "/settings", .getSettings),
        AdminRoute(.post, "/settings", .replaceSettings),
        AdminRoute(.put, "/settings", .replaceSettings),
        AdminRoute(.patch, "/settings", .patchSettings),
        AdminRoute(.patch, "/settings/extended", .patchExtendedSettings),
        AdminRoute(.post, "/reset", .reset),
        AdminRoute(.post, "/shutdown", .shutdown),
        AdminRoute(.get, "/health", .health),
        AdminRoute(.get, "/version", .version),
        AdminRoute(.post, "/recordings/start", .startRecording),
        AdminRoute(.post, "/recordings/stop", .stopRecording),
        AdminRoute(.get, "/recordings/status", .recordingStatus),
        AdminRoute(.post, "/recordings/snapshot", .snapshotRecording),
        AdminRoute(.get, "/files", .listFiles),
        AdminRoute(.get, "/files/{path...}", .getFile),
        AdminRoute(.put, "/files/{path...}", .putFile),
        AdminRoute(.delete, "/files/{path...}", .deleteFile),
    ]

    /// What the router decided for a method and a path below `/__admin`.
    enum Resolution: Sendable {
        case found(Endpoint, parameters: [String: String])
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
            return .found(match.0.endpoint, parameters: match.1)
        }
        // HEAD is GET without a body.
        if method == .head, let match = candidates.first(where: { $0.0.method == .get }) {
            return .found(match.0.endpoint, parameters: match.1)
        }
        return .methodNotAllowed(allowed: candidates.map(\.0.method))
    }
}
