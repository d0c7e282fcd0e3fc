import UnderstudyJSON

/// WireMock JSON for `matchesJsonSchema` (`StringValuePatternJsonDeserializer.deserializeMatchesJsonSchema`).
extension WireMockPatternOperator {
    /// `{"matchesJsonSchema": {...} or "{...}", "schemaVersion": "V7"}` (WireMock's `MatchesJsonSchemaPattern`).
    static let matchesJsonSchema = WireMockPatternOperator("matchesJsonSchema", modifiers: ["schemaVersion"]) { _, pattern in
        try StringValuePattern.decodeMatchesJsonSchema(pattern)
    }
}

extension StringValuePattern {
    /// Decodes `{"matchesJsonSchema": {...} or "{...}", "schemaVersion": "V7"}`.
    static func decodeMatchesJsonSchema(_ reader: JSONReader) throws -> StringValuePattern {
        guard let operand = reader.member("matchesJsonSchema") else { throw reader.error("matchesJsonSchema is missing") }
        var version: JSONSchema.Draft?
        if let member = reader.member("schemaVersion"), member.value != .null {
            let name = try member.string()
            guard let draft = JSONSchema.Draft(rawValue: name) else {
                throw member.error("schemaVersion must be one of \(JSONSchema.Draft.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), not \"\(name)\"")
            }
            version = draft
        }
        let document: JSONValue
        var wasString = false
        if case .string(let text) = operand.value {
            do {
                document = try JSONParser.parse(text)
            } catch {
                throw operand.error("matchesJsonSchema holds a string that is not valid JSON (\(error)); write the schema inline or fix the string")
            }
            wasString = true
        } else {
            document = operand.value
        }
        do {
            let schema = try JSONSchema(document, draft: version ?? .v202012)
            return StringValuePattern(.matchesJsonSchema(MatchesJsonSchemaPattern(schema: schema, schemaVersion: version, schemaWasString: wasString)))
        } catch {
            throw operand.error(error.description)
        }
    }

    /// The members of a `matchesJsonSchema` pattern object; `nil` for other operators.
    var jsonSchemaWireMockMembers: JSONObject? {
        guard case .matchesJsonSchema(let pattern) = kind else { return nil }
        var object = JSONObject()
        object["matchesJsonSchema"] = pattern.schemaWasString ? .string(pattern.schema.document.jsonText()) : pattern.schema.document
        if let version = pattern.schemaVersion { object["schemaVersion"] = .string(version.rawValue) }
        return object
    }
}
