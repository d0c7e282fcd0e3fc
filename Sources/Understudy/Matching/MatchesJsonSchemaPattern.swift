public import UnderstudyJSON

/// WireMock's `matchesJsonSchema`: the value is JSON valid against a JSON Schema.
///
/// As WireMock 3.13 does: a value that is not JSON is validated as a JSON string holding the
/// text, and a number, boolean or `null` that fails is validated again as a string (so `12`
/// satisfies `{"type": "string"}`). The distance is the number of failures over the number of
/// `properties` the schema declares (nested ones included), or 1 when it declares none.
public struct MatchesJsonSchemaPattern: Sendable, Hashable {
    /// The schema.
    public let schema: JSONSchema
    /// The `schemaVersion` the mapping gave, `nil` when it gave none (2020-12 applies).
    public let schemaVersion: JSONSchema.Draft?
    /// Whether the mapping wrote the schema as a JSON string, kept so it encodes back the same.
    public let schemaWasString: Bool

    /// Creates the pattern from a checked schema.
    public init(schema: JSONSchema, schemaVersion: JSONSchema.Draft? = nil, schemaWasString: Bool = false) {
        self.schema = schema
        self.schemaVersion = schemaVersion
        self.schemaWasString = schemaWasString
    }

    /// Validates a value (an absent one, a missing header for instance, never matches).
    public func match(_ text: String) -> MatchResult {
        let failures = failures(text)
        if failures.isEmpty { return .exactMatch }
        let properties = Self.propertyCount(schema.document)
        return properties == 0 ? .noMatch : .partialMatch(distance: Double(failures.count) / Double(properties))
    }

    /// Every failure of the value, after WireMock's second try as a string.
    public func failures(_ text: String) -> [JSONSchemaFailure] {
        let instance = (try? JSONParser.parse(text)) ?? .string(text)
        let failures = schema.validate(instance)
        switch instance {
        case .string, .array, .object: return failures
        default: return failures.isEmpty ? failures : schema.validate(.string(text))
        }
    }

    /// WireMock's `Json.schemaPropertyCount`: `properties` entries, counting nested `properties`.
    static func propertyCount(_ schema: JSONValue) -> Int {
        guard let properties = schema["properties"]?.objectValue else { return 0 }
        return properties.reduce(0) { count, member in
            count + 1 + (member.value["properties"] != nil ? propertyCount(member.value) : 0)
        }
    }
}
