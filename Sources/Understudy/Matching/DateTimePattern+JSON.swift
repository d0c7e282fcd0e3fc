public import UnderstudyJSON

extension DateTimePattern {
    /// The JSON member names a date-time pattern may have besides its operator.
    private static let optionalMembers = ["actualFormat", "truncateExpected", "truncateActual", "applyTruncationLast", "expectedOffset", "expectedOffsetUnit"]

    /// The pattern's members for WireMock JSON, in WireMock's order, omitting unset options:
    /// `{"before": "now +3 days", "actualFormat": …, "truncateExpected": …, "truncateActual": …,
    /// "applyTruncationLast": true, "expectedOffset": 3, "expectedOffsetUnit": "days"}`.
    public var jsonMembers: JSONObject {
        var object = JSONObject()
        object[self.operator.rawValue] = .string(expected)
        if let actualFormat { object["actualFormat"] = .string(actualFormat) }
        if let truncateExpected { object["truncateExpected"] = .string(truncateExpected.rawValue) }
        if let truncateActual { object["truncateActual"] = .string(truncateActual.rawValue) }
        if applyTruncationLast { object["applyTruncationLast"] = true }
        if let expectedOffset { object["expectedOffset"] = .number(JSONNumber(expectedOffset)) }
        if let expectedOffsetUnit { object["expectedOffsetUnit"] = .string(expectedOffsetUnit.rawValue) }
        return object
    }

    /// Decodes the members of a WireMock pattern object: one operator key plus the optional
    /// members above (`null` counts as absent). Throws naming the member that is wrong.
    public init(jsonObject: JSONObject) throws(DateTimePatternError) {
        let operators = Operator.allCases.filter { jsonObject[$0.rawValue] != nil }
        guard operators.count == 1, let op = operators.first else {
            throw DateTimePatternError(operators.isEmpty
                ? "a date-time pattern needs one of \"before\", \"after\" or \"equalToDateTime\""
                : "a date-time pattern has exactly one operator, found \(operators.map { "\"\($0.rawValue)\"" }.joined(separator: " and ")); combine them with \"and\": [...]")
        }
        for key in jsonObject.keys where key != op.rawValue && !Self.optionalMembers.contains(key) {
            throw DateTimePatternError("unknown member \"\(key)\" in a \(op.rawValue) pattern; known members: \(op.rawValue), \(Self.optionalMembers.joined(separator: ", "))")
        }
        guard case .string(let expected) = jsonObject[op.rawValue] else {
            throw DateTimePatternError("\"\(op.rawValue)\" must be a string such as \"2021-06-14T12:00:00Z\" or \"now +3 days\", found \(jsonObject[op.rawValue]?.typeName ?? "nothing")")
        }
        let truncateExpected = try Self.truncation(jsonObject, "truncateExpected")
        let truncateActual = try Self.truncation(jsonObject, "truncateActual")
        var applyTruncationLast = false
        switch jsonObject["applyTruncationLast"] {
        case nil, .null?: break
        case .bool(let value)?: applyTruncationLast = value
        case let other?: throw DateTimePatternError("\"applyTruncationLast\" must be true or false, found \(other.typeName)")
        }
        var expectedOffset: Int?
        switch jsonObject["expectedOffset"] {
        case nil, .null?: break
        case .number(let number)? where number.intValue != nil: expectedOffset = number.intValue
        case let other?: throw DateTimePatternError("\"expectedOffset\" must be a whole number of units such as 3 or -15, found \(other.typeName == "number" ? "a fraction" : other.typeName)")
        }
        var expectedOffsetUnit: DateTimeUnit?
        if let name = try Self.string(jsonObject, "expectedOffsetUnit") {
            guard let unit = DateTimeUnit(name: name) else {
                throw DateTimePatternError("\"expectedOffsetUnit\": unknown unit \"\(name)\"; use one of: \(DateTimeUnit.namesForMessages)")
            }
            expectedOffsetUnit = unit
        }
        try self.init(
            op, expected,
            actualFormat: try Self.string(jsonObject, "actualFormat"),
            truncateExpected: truncateExpected,
            truncateActual: truncateActual,
            applyTruncationLast: applyTruncationLast,
            expectedOffset: expectedOffset,
            expectedOffsetUnit: expectedOffsetUnit
        )
    }

    private static func string(_ object: JSONObject, _ key: String) throws(DateTimePatternError) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?: throw DateTimePatternError("\"\(key)\" must be a string, found \(other.typeName)")
        }
    }

    private static func truncation(_ object: JSONObject, _ key: String) throws(DateTimePatternError) -> DateTimeTruncation? {
        guard let name = try string(object, key) else { return nil }
        guard let truncation = DateTimeTruncation(name: name) else {
            throw DateTimePatternError("\"\(key)\": unknown truncation \"\(name)\"; use one of: \(DateTimeTruncation.namesForMessages)")
        }
        return truncation
    }
}
