public import Foundation
public import UnderstudyJSON
import UnderstudySupport

extension StubMapping {
    private static let knownKeys = [
        "id", "uuid", "name", "priority", "request", "response", "scenarioName", "requiredScenarioState",
        "newScenarioState", "metadata", "persistent", "postServeActions", "serveEventListeners", "insertionIndex",
        "$schema", "namespace",
    ]

    /// The stub as WireMock JSON. Throws for a stub with a dynamic (closure) response.
    public func wireMockJSON() throws(MappingEncodingError) -> JSONValue {
        guard case .definition(let definition) = response else { throw MappingEncodingError(stubID: id, name: name) }
        let idText = JSONValue.string(id.uuidString.lowercased())
        var object: JSONObject = ["id": idText]
        if let name { object["name"] = .string(name) }
        object["request"] = request.wireMockJSON
        object["response"] = definition.wireMockJSON
        object["uuid"] = idText
        if let priority { object["priority"] = .number(JSONNumber(priority)) }
        if let scenarioName { object["scenarioName"] = .string(scenarioName) }
        if let requiredScenarioState { object["requiredScenarioState"] = .string(requiredScenarioState) }
        if let newScenarioState { object["newScenarioState"] = .string(newScenarioState) }
        if let metadata { object["metadata"] = .object(metadata) }
        if let persistent { object["persistent"] = .bool(persistent) }
        if let namespace { object["namespace"] = .string(namespace) }
        // WireMock writes both lists in list form, whichever form they were read in.
        if !postServeActions.isEmpty { object["postServeActions"] = .array(postServeActions.map(\.wireMockJSON)) }
        if !serveEventListeners.isEmpty { object["serveEventListeners"] = .array(serveEventListeners.map(\.wireMockJSON)) }
        return .object(object)
    }

    /// Decodes one WireMock stub mapping object.
    package init(wireMock reader: JSONReader) throws {
        try reader.rejectUnknownKeys(Self.knownKeys, in: "the stub mapping")
        // WireMock's StubMapping.setId and setUuid set the same field, so the later key wins.
        // insertionIndex is read and then overwritten with the load order
        // (SortedConcurrentMappingSet.add), so ties go to the later stub whatever it says; $schema
        // is an editor hint StubMapping ignores.
        let log = reader.source.warnings
        let firstWarning = log.warnings.count
        var id = reader.defaultStubID
        var idKey: String?
        for (key, member) in try reader.members() where key == "id" || key == "uuid" {
            guard member.value != .null else { continue }
            let text = try member.string()
            guard let parsed = UUID(uuidString: text) else {
                throw member.error("\(key) \"\(text)\" is not a UUID such as \"8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7\"; remove it to get a new one")
            }
            if let idKey, parsed != id {
                member.warn("\(key) differs from \(idKey) and wins, as the later key does in WireMock; they name the same stub, so keep one")
            }
            id = parsed
            idKey = key
        }
        let request = try reader.required("request") { try RequestPattern(wireMock: $0) }
        let response = try reader.optional("response") { try ResponseDefinition(wireMock: $0) } ?? ResponseDefinition()
        let serveEventListeners = try reader.optional("serveEventListeners") { try $0.elements().map(ServeEventListener.init(wireMock:)) }
        let postServeActions = try reader.optional("postServeActions") { try ServeEventListener.postServeActions(wireMock: $0) }
        self.init(
            id: id,
            name: try reader.optionalString("name"),
            priority: try reader.optionalInt("priority"),
            request: request,
            response: .definition(response),
            scenarioName: try reader.optionalString("scenarioName"),
            requiredScenarioState: try reader.optionalString("requiredScenarioState"),
            newScenarioState: try reader.optionalString("newScenarioState"),
            metadata: try reader.optional("metadata") { try $0.object() },
            persistent: try reader.optionalBool("persistent"),
            serveEventListeners: serveEventListeners ?? [],
            postServeActions: postServeActions ?? [],
            namespace: try reader.optional("namespace") { member in
                let name = try member.string()
                guard Namespace.isValid(name) else {
                    throw member.error("namespace \"\(name)\" is not a namespace: use 1 to 128 letters, digits, '-', '_', '.' or ':'")
                }
                return name
            }
        )
        if namespace != nil {
            reader.warn(at: "namespace", "\"namespace\" is an Understudy extension: WireMock 3.13 will not load this mapping")
        }
        if scenarioName == nil, requiredScenarioState != nil || newScenarioState != nil {
            throw reader.error("requiredScenarioState and newScenarioState need a scenarioName")
        }
        for warning in listenerWarnings { reader.warn(at: warning.key, warning.message) }
        log.attribute(from: firstWarning, to: identity)
    }
}

/// A stub that cannot be written as WireMock JSON because a Swift closure computes its response.
public struct MappingEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stub's id.
    public let stubID: UUID
    /// The stub's name.
    public let name: String?
    public var description: String {
        "stub \(name.map { quoted($0) + " " } ?? "")(id \(stubID.uuidString.lowercased())) answers with a Swift closure, which WireMock JSON cannot express; give it a ResponseDefinition to save or export it"
    }
}
