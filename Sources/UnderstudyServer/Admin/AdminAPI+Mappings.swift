import Foundation
import Understudy

extension AdminAPI {
    /// `GET /mappings?limit=&offset=`: stubs in matching order, paginated.
    func listMappings(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let limit = try nonNegativeQueryInt("limit", in: request)
        let offset = try nonNegativeQueryInt("offset", in: request) ?? 0
        let all = mock.stubMappings
        let start = min(offset, all.count)
        let end = min(all.count, start + (limit ?? all.count))
        return AdminResponse.json(Array(all[start..<end]).listJSON(total: all.count))
    }

    /// `POST /mappings`: adds one stub; 201 with the stored stub, 422 for a duplicate id.
    /// A `persistent: true` stub is written to the root first (atomically); if that fails,
    /// nothing is added.
    func createMapping(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let mapping = try decodeMapping(request.body)
        if mock.stubMapping(id: mapping.id) != nil {
            throw AdminError(status: 422, code: 109, pointer: "/id", title: "Duplicate stub mapping ID",
                             detail: "ID of the provided stub mapping '\(mapping.id.uuidString.lowercased())' is already taken by another stub mapping")
        }
        try persist(mapping)
        mock.stub(mapping)
        return AdminResponse.json(mapping.adminJSON, status: 201)
    }

    /// `DELETE /mappings`: removes every stub.
    func deleteAllMappings() -> ResponseDefinition {
        mock.removeAllStubs()
        return AdminResponse.emptyJSON
    }

    /// `GET /mappings/{id}`.
    func getMapping(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        let id = try uuid(request["id"])
        guard let mapping = mock.stubMapping(id: id) else { throw Self.noStub(id) }
        return AdminResponse.json(mapping.adminJSON)
    }

    /// `PUT /mappings/{id}`: replaces the stub, keeping its id and place.
    func editMapping(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        let id = try uuid(request["id"])
        guard mock.stubMapping(id: id) != nil else { throw Self.noStub(id) }
        var mapping = try decodeMapping(request.recorded.body)
        mapping.id = id
        try persist(mapping, replacing: mock.stubMapping(id: id))
        do {
            try mock.editStub(mapping)
        } catch {
            throw Self.noStub(id)
        }
        return AdminResponse.json(mapping.adminJSON)
    }

    /// `POST /mappings/edit` (2.x clients): the body's `id` names the stub to replace.
    func editMappingLegacy(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let mapping = try decodeMapping(request.body)
        guard Self.explicitID(in: try jsonBody(request)) != nil else {
            throw .invalidInput(pointer: "/id", "POST /__admin/mappings/edit needs the id of the stub to replace")
        }
        guard let existing = mock.stubMapping(id: mapping.id) else { throw Self.noStub(mapping.id) }
        try persist(mapping, replacing: existing)
        do {
            try mock.editStub(mapping)
        } catch {
            throw Self.noStub(mapping.id)
        }
        return AdminResponse.ok
    }

    /// `DELETE /mappings/{id}`; a persistent stub's file goes too.
    func deleteMapping(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        let id = try uuid(request["id"])
        guard let existing = mock.stubMapping(id: id) else { throw Self.noStub(id) }
        if existing.persistent == true, let root = mock.configuration.root {
            do {
                try root.removeMappingFile(for: id)
            } catch {
                throw Self.cannotWrite(root, error)
            }
        }
        mock.removeStub(id: id)
        return AdminResponse.emptyJSON
    }

    /// Writes a `persistent: true` stub to the root (replacing the file of the stub it edits),
    /// or removes the file of a persistent stub edited into a non-persistent one. Without a
    /// root there is nowhere to write, and the stub is kept in memory only, as in WireMock.
    private func persist(_ mapping: StubMapping, replacing existing: StubMapping? = nil) throws(AdminError) {
        guard let root = mock.configuration.root else { return }
        do {
            if mapping.persistent == true {
                try root.write(mapping)
            } else if existing?.persistent == true {
                try root.removeMappingFile(for: mapping.id)
            }
        } catch {
            throw Self.cannotWrite(root, error)
        }
    }

    private static func cannotWrite(_ root: MappingsRoot, _ error: any Error) -> AdminError {
        AdminError(status: 500, code: 10, pointer: nil, title: "Cannot write mappings to \(root.mappingsFolder.path)",
                   detail: "\(error). Check that the folder is writable.")
    }

    /// `POST /mappings/remove`: removes the stub with the body's `id` when there is one,
    /// else every stub whose request pattern equals the body's `request` (WireMock's rule).
    func removeMappingByPattern(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let body = try jsonBody(request)
        if let id = Self.explicitID(in: body), mock.removeStub(id: id) != nil {
            return AdminResponse.ok
        }
        let pattern = try decodeMapping(request.body).request.wireMockJSON
        for stub in mock.stubMappings where stub.request.wireMockJSON == pattern {
            mock.removeStub(id: stub.id)
        }
        return AdminResponse.ok
    }

    /// `POST /mappings/import`: `{"mappings": [...], "importOptions": {"duplicatePolicy":
    /// "OVERWRITE" | "IGNORE", "deleteAllNotInImport": bool}}`. The first mapping of the
    /// document ends up tried first among equal priorities, as in WireMock.
    func importMappings(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let body = try jsonBody(request)
        guard body["mappings"] != nil else {
            throw .invalidInput(pointer: "/mappings", "an import is {\"mappings\": [...], \"importOptions\": {...}}")
        }
        var overwrite = true
        var deleteOthers = false
        if let options = body["importOptions"], options != .null {
            guard case .object(let object) = options else {
                throw .invalidInput(pointer: "/importOptions", "importOptions must be an object")
            }
            switch object["duplicatePolicy"] {
            case nil, .null, .string("OVERWRITE"): overwrite = true
            case .string("IGNORE"): overwrite = false
            case let other?:
                throw .invalidInput(pointer: "/importOptions/duplicatePolicy",
                                    "duplicatePolicy must be \"OVERWRITE\" or \"IGNORE\", found \(other.jsonText())")
            }
            switch object["deleteAllNotInImport"] {
            case nil, .null: deleteOthers = false
            case .bool(let flag): deleteOthers = flag
            case let other?:
                throw .invalidInput(pointer: "/importOptions/deleteAllNotInImport", "deleteAllNotInImport must be true or false, found \(other.jsonText())")
            }
        }
        let mappings: [StubMapping]
        do {
            mappings = try WireMockMappings.decode(request.body, extensions: mock.serverMappingExtensions)
        } catch {
            throw .invalidInput(error)
        }
        let toAdd = mappings.reversed().filter { overwrite || mock.stubMapping(id: $0.id) == nil }
        mock.stub(Array(toAdd))
        if deleteOthers {
            let imported = Set(mappings.map(\.id))
            for stub in mock.stubMappings where !imported.contains(stub.id) { mock.removeStub(id: stub.id) }
        }
        return AdminResponse.ok
    }

    /// `POST /mappings/find-by-metadata`: stubs whose metadata JSON the body's pattern matches.
    func findMappingsByMetadata(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let pattern = try stringValuePattern(request)
        return AdminResponse.json(stubs(matchingMetadata: pattern).listJSON())
    }

    /// `POST /mappings/remove-by-metadata`.
    func removeMappingsByMetadata(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let pattern = try stringValuePattern(request)
        for stub in stubs(matchingMetadata: pattern) { mock.removeStub(id: stub.id) }
        return AdminResponse.emptyJSON
    }

    /// `GET /mappings/unmatched`: the stubs no journaled request matched.
    func listUnmatchedMappings() -> ResponseDefinition {
        AdminResponse.json(unmatchedStubs().listJSON())
    }

    /// `DELETE /mappings/unmatched`: removes the stubs no journaled request matched.
    func removeUnmatchedMappings() -> ResponseDefinition {
        for stub in unmatchedStubs() { mock.removeStub(id: stub.id) }
        return AdminResponse.emptyJSON
    }

    /// Stubs that no journaled request matched.
    func unmatchedStubs() -> [StubMapping] {
        let served = Set(mock.serveEvents.compactMap { $0.stub?.id })
        return mock.stubMappings.filter { !served.contains($0.id) }
    }

    /// Stubs whose metadata (as JSON text, `{}` when absent) the pattern matches.
    func stubs(matchingMetadata pattern: StringValuePattern) -> [StubMapping] {
        mock.stubMappings.filter { $0.metadata != nil && pattern.match($0.metadataText).isExactMatch }
    }

    /// `POST /mappings/save`: writes every static stub to the root's `mappings/` (atomically,
    /// replacing the file that already holds that stub) and marks it persistent. Stubs
    /// answered by closures are skipped and listed. 409 without a root.
    func saveMappings() throws(AdminError) -> ResponseDefinition {
        guard let root = mock.configuration.root else {
            throw AdminError(status: 409, code: 50, pointer: nil,
                             title: "Cannot save mappings: this mock has no root folder",
                             detail: "Create the mock with HTTPMock.Configuration(root: MappingsRoot(path: ...)) or serve a folder with `understudy serve --root DIR`; saving writes DIR/mappings/<name>-<id>.json")
        }
        var persisted: [StubMapping] = []
        var skipped: [JSONValue] = []
        for stub in mock.stubMappings {
            guard !stub.isDynamic else {
                skipped.append(["id": .string(stub.id.uuidString.lowercased()),
                                "reason": "answers with a Swift closure, which WireMock JSON cannot express"])
                continue
            }
            var copy = stub
            copy.persistent = true
            persisted.append(copy)
        }
        do {
            try root.write(persisted)
        } catch {
            throw Self.cannotWrite(root, error)
        }
        for stub in persisted { try? mock.editStub(stub) }
        let saved = persisted.map { JSONValue.string($0.id.uuidString.lowercased()) }
        return AdminResponse.json(["saved": .array(saved), "skipped": .array(skipped)])
    }

    /// The `id` or `uuid` a mapping document names, if any.
    static func explicitID(in value: JSONValue) -> UUID? {
        (value["id"]?.stringValue ?? value["uuid"]?.stringValue).flatMap(UUID.init(uuidString:))
    }

    /// The body decoded as one stub; 422 naming the field when it is not one.
    /// Decodes a stub from a request body, in this API's namespace unless it names one.
    func decodeMapping(_ data: Data) throws(AdminError) -> StubMapping {
        do {
            return mock.inScope(try WireMockMappings.decodeMapping(data, extensions: mock.serverMappingExtensions))
        } catch {
            throw .invalidInput(error)
        }
    }

    static func noStub(_ id: UUID) -> AdminError {
        .notFound("No stub mapping with id \(id.uuidString.lowercased()); list them with GET /__admin/mappings")
    }
}
