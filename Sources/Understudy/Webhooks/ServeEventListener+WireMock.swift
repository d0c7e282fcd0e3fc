import UnderstudyJSON

extension ServeEventListener {
    private static let knownKeys = ["name", "requestPhases", "parameters"]

    /// `{"name": "webhook", "requestPhases": [...], "parameters": {...}}`, without the keys
    /// that have no value (WireMock writes no nulls).
    var wireMockJSON: JSONValue {
        var object: JSONObject = ["name": .string(name)]
        if let requestPhases { object["requestPhases"] = .array(requestPhases.map { .string($0.rawValue) }) }
        if let parameters { object["parameters"] = .object(parameters) }
        return .object(object)
    }

    /// Reads one `serveEventListeners` (or list-form `postServeActions`) entry.
    init(wireMock reader: JSONReader) throws {
        try reader.rejectUnknownKeys(Self.knownKeys, in: "a serve event listener")
        let name = try reader.requiredString("name")
        let phases = try reader.optional("requestPhases") { phases in
            try phases.elements().map { element in
                let text = try element.string()
                guard let phase = RequestPhase(rawValue: text) else {
                    let known = RequestPhase.allCases.map(\.rawValue).joined(separator: ", ")
                    throw element.error("unknown request phase \"\(text)\"; use one of \(known)")
                }
                return phase
            }
        }
        self = try Self.make(name: name, parameters: reader.member("parameters"), in: reader, requestPhases: phases)
    }

    /// A listener named `name` whose parameters `parameters` holds (written in `entry`); a
    /// webhook's parameters are checked.
    private static func make(name: String, parameters: JSONReader?, in entry: JSONReader,
                             requestPhases: [RequestPhase]?) throws -> ServeEventListener {
        guard name == webhookName else {
            return .named(name, parameters: try parameters.map { try $0.object() }, requestPhases: requestPhases)
        }
        guard let parameters else {
            throw entry.error("a webhook needs \"parameters\" with at least a \"url\"")
        }
        return .webhook(try WebhookDefinition(wireMock: parameters), requestPhases: requestPhases)
    }

    /// Reads `postServeActions`: a list of `{"name", "parameters"}` entries, or the older
    /// object form `{"webhook": {...parameters}}` that WireMock still accepts
    /// (`stubbing/StubMapping.java`, `setPostServeActions(Object)`).
    static func postServeActions(wireMock reader: JSONReader) throws -> [ServeEventListener] {
        if case .object = reader.value {
            return try reader.members().map { key, parameters in
                try make(name: key, parameters: parameters, in: parameters, requestPhases: nil)
            }
        }
        return try reader.elements().map { entry in
            try entry.rejectUnknownKeys(["name", "parameters"], in: "a post-serve action")
            return try make(name: try entry.requiredString("name"), parameters: entry.member("parameters"), in: entry, requestPhases: nil)
        }
    }
}
