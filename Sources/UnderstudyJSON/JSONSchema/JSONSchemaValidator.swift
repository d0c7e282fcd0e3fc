import UnderstudySupport

/// Validates one document against a checked ``JSONSchema``, collecting every failure.
/// References are followed at most ``maxDepth`` deep, so a schema that refers to itself
/// without consuming the document (`{"$ref": "#"}`) fails instead of recursing forever.
struct JSONSchemaValidator {
    static let maxDepth = 128

    let schema: JSONSchema
    private var failures: [JSONSchemaFailure] = []

    init(schema: JSONSchema) {
        self.schema = schema
    }

    mutating func validate(_ instance: JSONValue) -> [JSONSchemaFailure] {
        failures = []
        validate(instance, against: schema.document, schemaPath: "#", instancePath: "", depth: 0)
        return failures
    }

    /// Whether `instance` is valid against `subschema`, with no failures kept.
    private func passes(_ instance: JSONValue, _ subschema: JSONValue, schemaPath: String, instancePath: String, depth: Int) -> Bool {
        var inner = JSONSchemaValidator(schema: schema)
        inner.validate(instance, against: subschema, schemaPath: schemaPath, instancePath: instancePath, depth: depth)
        return inner.failures.isEmpty
    }

    private mutating func fail(_ keyword: String, _ schemaPath: String, _ instancePath: String, _ message: String) {
        failures.append(JSONSchemaFailure(keyword: keyword, instancePath: instancePath, schemaPath: schemaPath + "/" + keyword, message: message))
    }

    private static func describe(_ value: JSONValue) -> String {
        let text = value.jsonText()
        let shown = text.count > 60 ? String(text.prefix(57)) + "…" : text
        return "\(Self.typeName(value)) \(shown)"
    }

    private static func typeName(_ value: JSONValue) -> String {
        if case .number(let number) = value, let double = Double(number.text), double.rounded() == double { return "integer" }
        return value.typeName
    }

    private static func hasType(_ value: JSONValue, _ type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("object", .object), ("array", .array), ("string", .string), ("number", .number): true
        case ("integer", .number(let number)): number.doubleValue.rounded() == number.doubleValue && number.doubleValue.isFinite
        default: false
        }
    }

    mutating func validate(_ instance: JSONValue, against subschema: JSONValue, schemaPath: String, instancePath: String, depth: Int) {
        guard depth <= Self.maxDepth else {
            fail("$ref", schemaPath, instancePath, "references nest more than \(Self.maxDepth) deep without consuming the document; the schema refers to itself")
            return
        }
        if case .bool(let allowed) = subschema {
            if !allowed {
                failures.append(JSONSchemaFailure(keyword: "false", instancePath: instancePath, schemaPath: schemaPath, message: "no value is allowed here"))
            }
            return
        }
        guard case .object(let keywords) = subschema else { return }

        if case .string(let reference)? = keywords["$ref"], let target = schema.resolve(reference) {
            validate(instance, against: target, schemaPath: reference, instancePath: instancePath, depth: depth + 1)
            if !schema.draft.isModern { return }
        }

        if let type = keywords["type"] {
            let names = (type.arrayValue ?? [type]).compactMap(\.stringValue)
            if !names.contains(where: { Self.hasType(instance, $0) }) {
                fail("type", schemaPath, instancePath, "\(names.joined(separator: " or ")) expected, got \(Self.describe(instance))")
            }
        }
        if let values = keywords["enum"]?.arrayValue, !values.contains(instance) {
            fail("enum", schemaPath, instancePath, "one of \(JSONValue.array(values).jsonText()) expected, got \(Self.describe(instance))")
        }
        if schema.draft != .v4, let constant = keywords["const"], constant != instance {
            fail("const", schemaPath, instancePath, "\(constant.jsonText()) expected, got \(Self.describe(instance))")
        }
        switch instance {
        case .number(let number):
            validateNumber(number.doubleValue, keywords, schemaPath, instancePath)
            if schema.assertsOpenAPIFormats, let format = keywords["format"]?.stringValue, let range = Self.integerFormats[format],
               !Self.isInteger(number, in: range) {
                fail("format", schemaPath, instancePath,
                     "a valid \(format) (a whole number from \(range.lowerBound) to \(range.upperBound)) expected, got \(number)")
            }
        case .string(let text): validateString(text, keywords, schemaPath, instancePath)
        case .array(let items): validateArray(items, keywords, schemaPath, instancePath, depth)
        case .object(let object): validateObject(object, keywords, schemaPath, instancePath, depth)
        default: break
        }
        validateCombinators(instance, keywords, schemaPath, instancePath, depth)
    }

    // MARK: Numbers and strings

    /// The integer formats of the OpenAPI Format Registry, asserted with the others: `int32`
    /// and `int64` are signed whole numbers of that width.
    private static let integerFormats: [String: ClosedRange<Int64>] = [
        "int32": Int64(Int32.min)...Int64(Int32.max),
        "int64": Int64.min...Int64.max,
    ]

    /// Whether `number` is a whole number in `range`, read from its text so that a 64-bit
    /// bound is exact (`9223372036854775808` is one past `int64`, which a `Double` cannot tell).
    private static func isInteger(_ number: JSONNumber, in range: ClosedRange<Int64>) -> Bool {
        if let exact = Int64(number.text) { return range.contains(exact) }
        if number.text.allSatisfy({ $0 == "-" || $0.isASCII && $0.isNumber }) { return false } // whole, past Int64
        // `1e3`, `2.0`: whole when the value is, and in range when a 64-bit integer holds it exactly.
        guard let exact = Int64(exactly: number.doubleValue) else { return false }
        return range.contains(exact)
    }

    private mutating func validateNumber(_ value: Double, _ keywords: JSONObject, _ schemaPath: String, _ instancePath: String) {
        let draft4 = schema.draft == .v4
        if let minimum = keywords["minimum"]?.doubleValue {
            let exclusive = draft4 && keywords["exclusiveMinimum"]?.boolValue == true
            if exclusive ? !(value > minimum) : !(value >= minimum) {
                fail("minimum", schemaPath, instancePath, "a number \(exclusive ? ">" : ">=") \(JSONNumber(minimum)) expected, got \(JSONNumber(value))")
            }
        }
        if let maximum = keywords["maximum"]?.doubleValue {
            let exclusive = draft4 && keywords["exclusiveMaximum"]?.boolValue == true
            if exclusive ? !(value < maximum) : !(value <= maximum) {
                fail("maximum", schemaPath, instancePath, "a number \(exclusive ? "<" : "<=") \(JSONNumber(maximum)) expected, got \(JSONNumber(value))")
            }
        }
        if !draft4, let bound = keywords["exclusiveMinimum"]?.doubleValue, !(value > bound) {
            fail("exclusiveMinimum", schemaPath, instancePath, "a number > \(JSONNumber(bound)) expected, got \(JSONNumber(value))")
        }
        if !draft4, let bound = keywords["exclusiveMaximum"]?.doubleValue, !(value < bound) {
            fail("exclusiveMaximum", schemaPath, instancePath, "a number < \(JSONNumber(bound)) expected, got \(JSONNumber(value))")
        }
        if let multiple = keywords["multipleOf"]?.doubleValue, multiple > 0 {
            let quotient = value / multiple
            if !quotient.isFinite || abs(quotient - quotient.rounded()) > 1e-9 * max(1, abs(quotient)) {
                fail("multipleOf", schemaPath, instancePath, "a multiple of \(JSONNumber(multiple)) expected, got \(JSONNumber(value))")
            }
        }
    }

    private mutating func validateString(_ text: String, _ keywords: JSONObject, _ schemaPath: String, _ instancePath: String) {
        let length = text.unicodeScalars.count
        if let minimum = keywords["minLength"]?.intValue, length < minimum {
            fail("minLength", schemaPath, instancePath, "at least \(minimum) characters expected, got \(length)")
        }
        if let maximum = keywords["maxLength"]?.intValue, length > maximum {
            fail("maxLength", schemaPath, instancePath, "at most \(maximum) characters expected, got \(length)")
        }
        if let pattern = keywords["pattern"]?.stringValue, let regex = schema.regex(pattern) {
            if case .matched = regex.firstMatch(in: text) {} else {
                fail("pattern", schemaPath, instancePath, "a string matching /\(pattern)/ expected, got \(quoted(text))")
            }
        }
        if schema.assertsFormats, let format = keywords["format"]?.stringValue, JSONSchemaFormat.accepts(format, text) == false {
            fail("format", schemaPath, instancePath, "a valid \(format) expected, got \(quoted(text))")
        }
    }

    // MARK: Arrays

    private mutating func validateArray(_ items: [JSONValue], _ keywords: JSONObject, _ schemaPath: String, _ instancePath: String, _ depth: Int) {
        if let minimum = keywords["minItems"]?.intValue, items.count < minimum {
            fail("minItems", schemaPath, instancePath, "at least \(minimum) items expected, got \(items.count)")
        }
        if let maximum = keywords["maxItems"]?.intValue, items.count > maximum {
            fail("maxItems", schemaPath, instancePath, "at most \(maximum) items expected, got \(items.count)")
        }
        if keywords["uniqueItems"]?.boolValue == true {
            for (index, item) in items.enumerated() where items[..<index].contains(item) {
                fail("uniqueItems", schemaPath, instancePath, "unique items expected, item \(index) repeats \(item.jsonText())")
                break
            }
        }
        // Positional schemas: prefixItems (2020-12) or an items array (before it).
        var positional: [JSONValue] = []
        var positionalKeyword = "prefixItems"
        var rest: (keyword: String, schema: JSONValue)?
        if schema.draft == .v202012 {
            positional = keywords["prefixItems"]?.arrayValue ?? []
            rest = keywords["items"].map { ("items", $0) }
        } else if case .array(let tuple)? = keywords["items"] {
            positional = tuple
            positionalKeyword = "items"
            rest = keywords["additionalItems"].map { ("additionalItems", $0) }
        } else {
            rest = keywords["items"].map { ("items", $0) }
        }
        for (index, item) in items.enumerated() {
            let itemPath = instancePath + "/\(index)"
            if index < positional.count {
                validate(item, against: positional[index], schemaPath: "\(schemaPath)/\(positionalKeyword)/\(index)", instancePath: itemPath, depth: depth + 1)
            } else if let rest {
                validate(item, against: rest.schema, schemaPath: schemaPath + "/" + rest.keyword, instancePath: itemPath, depth: depth + 1)
            }
        }
        if schema.draft != .v4, let contains = keywords["contains"] {
            let count = items.enumerated().filter {
                passes($0.element, contains, schemaPath: schemaPath + "/contains", instancePath: instancePath + "/\($0.offset)", depth: depth + 1)
            }.count
            let modern = schema.draft.isModern
            let minimum = modern ? keywords["minContains"]?.intValue ?? 1 : 1
            let maximum = modern ? keywords["maxContains"]?.intValue : nil
            if count < minimum {
                fail(minimum == 1 ? "contains" : "minContains", schemaPath, instancePath,
                     "at least \(minimum) item(s) matching contains expected, got \(count)")
            }
            if let maximum, count > maximum {
                fail("maxContains", schemaPath, instancePath, "at most \(maximum) item(s) matching contains expected, got \(count)")
            }
        }
    }

    // MARK: Objects

    private mutating func validateObject(_ object: JSONObject, _ keywords: JSONObject, _ schemaPath: String, _ instancePath: String, _ depth: Int) {
        if let minimum = keywords["minProperties"]?.intValue, object.count < minimum {
            fail("minProperties", schemaPath, instancePath, "at least \(minimum) properties expected, got \(object.count)")
        }
        if let maximum = keywords["maxProperties"]?.intValue, object.count > maximum {
            fail("maxProperties", schemaPath, instancePath, "at most \(maximum) properties expected, got \(object.count)")
        }
        for name in keywords["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[name] == nil {
            fail("required", schemaPath, instancePath, "the property \(quoted(name)) is required")
        }
        let properties = keywords["properties"]?.objectValue ?? JSONObject()
        let patterns = keywords["patternProperties"]?.objectValue ?? JSONObject()
        for member in object {
            let memberPath = instancePath + "/" + JSONPointer.escape(member.key)
            var described = false
            if let propertySchema = properties[member.key] {
                described = true
                validate(member.value, against: propertySchema, schemaPath: schemaPath + "/properties/" + JSONPointer.escape(member.key),
                         instancePath: memberPath, depth: depth + 1)
            }
            for pattern in patterns {
                guard let regex = schema.regex(pattern.key), case .matched = regex.firstMatch(in: member.key) else { continue }
                described = true
                validate(member.value, against: pattern.value, schemaPath: schemaPath + "/patternProperties/" + JSONPointer.escape(pattern.key),
                         instancePath: memberPath, depth: depth + 1)
            }
            if !described, let additional = keywords["additionalProperties"] {
                if additional == .bool(false) {
                    fail("additionalProperties", schemaPath, memberPath, "the property \(quoted(member.key)) is not allowed")
                } else {
                    validate(member.value, against: additional, schemaPath: schemaPath + "/additionalProperties", instancePath: memberPath, depth: depth + 1)
                }
            }
            if schema.draft != .v4, let names = keywords["propertyNames"],
               !passes(.string(member.key), names, schemaPath: schemaPath + "/propertyNames", instancePath: memberPath, depth: depth + 1) {
                fail("propertyNames", schemaPath, memberPath, "the property name \(quoted(member.key)) does not fit propertyNames")
            }
        }
        var requiredByPresence: [(String, [String])] = []
        var schemasByPresence: [(String, JSONValue, String)] = []
        if !schema.draft.isModern, let dependencies = keywords["dependencies"]?.objectValue {
            for member in dependencies {
                if let names = member.value.arrayValue {
                    requiredByPresence.append((member.key, names.compactMap(\.stringValue)))
                } else {
                    schemasByPresence.append((member.key, member.value, "/dependencies/"))
                }
            }
        }
        if schema.draft.isModern {
            for member in keywords["dependentRequired"]?.objectValue ?? JSONObject() {
                requiredByPresence.append((member.key, member.value.arrayValue?.compactMap(\.stringValue) ?? []))
            }
            for member in keywords["dependentSchemas"]?.objectValue ?? JSONObject() {
                schemasByPresence.append((member.key, member.value, "/dependentSchemas/"))
            }
        }
        for (trigger, names) in requiredByPresence where object[trigger] != nil {
            for name in names where object[name] == nil {
                fail(schema.draft.isModern ? "dependentRequired" : "dependencies", schemaPath, instancePath,
                     "the property \(quoted(name)) is required when \(quoted(trigger)) is present")
            }
        }
        for (trigger, dependent, keyword) in schemasByPresence where object[trigger] != nil {
            validate(.object(object), against: dependent, schemaPath: schemaPath + keyword + JSONPointer.escape(trigger),
                     instancePath: instancePath, depth: depth + 1)
        }
    }

    // MARK: Combinators

    private mutating func validateCombinators(_ instance: JSONValue, _ keywords: JSONObject, _ schemaPath: String, _ instancePath: String, _ depth: Int) {
        for (index, subschema) in (keywords["allOf"]?.arrayValue ?? []).enumerated() {
            validate(instance, against: subschema, schemaPath: "\(schemaPath)/allOf/\(index)", instancePath: instancePath, depth: depth + 1)
        }
        if let options = keywords["anyOf"]?.arrayValue {
            let passing = options.enumerated().contains {
                passes(instance, $0.element, schemaPath: "\(schemaPath)/anyOf/\($0.offset)", instancePath: instancePath, depth: depth + 1)
            }
            if !passing { fail("anyOf", schemaPath, instancePath, "a value valid against at least one anyOf schema expected; none of the \(options.count) fits") }
        }
        if let options = keywords["oneOf"]?.arrayValue {
            let passing = options.enumerated().filter {
                passes(instance, $0.element, schemaPath: "\(schemaPath)/oneOf/\($0.offset)", instancePath: instancePath, depth: depth + 1)
            }.map(\.offset)
            if passing.count != 1 {
                fail("oneOf", schemaPath, instancePath, passing.isEmpty
                    ? "a value valid against exactly one oneOf schema expected; none of the \(options.count) fits"
                    : "a value valid against exactly one oneOf schema expected; schemas \(passing.map(String.init).joined(separator: ", ")) all fit")
            }
        }
        if let negated = keywords["not"], passes(instance, negated, schemaPath: schemaPath + "/not", instancePath: instancePath, depth: depth + 1) {
            fail("not", schemaPath, instancePath, "a value not valid against the not schema expected, got \(Self.describe(instance))")
        }
        if schema.draft != .v4, schema.draft != .v6, let condition = keywords["if"] {
            let holds = passes(instance, condition, schemaPath: schemaPath + "/if", instancePath: instancePath, depth: depth + 1)
            if holds, let then = keywords["then"] {
                validate(instance, against: then, schemaPath: schemaPath + "/then", instancePath: instancePath, depth: depth + 1)
            } else if !holds, let otherwise = keywords["else"] {
                validate(instance, against: otherwise, schemaPath: schemaPath + "/else", instancePath: instancePath, depth: depth + 1)
            }
        }
    }
}
