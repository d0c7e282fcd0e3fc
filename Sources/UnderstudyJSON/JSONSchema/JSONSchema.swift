import Foundation
import UnderstudySupport

/// A JSON Schema, checked when it is made and then used to validate ``JSONValue`` documents.
///
/// Covers what request and response validation needs: `type`, `enum`, `const`, the numeric
/// bounds (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), the
/// string bounds (`minLength`, `maxLength`, `pattern`, `format`), arrays (`items`,
/// `prefixItems`, `additionalItems`, `minItems`, `maxItems`, `uniqueItems`, `contains`,
/// `minContains`, `maxContains`), objects (`properties`, `required`, `additionalProperties`,
/// `patternProperties`, `propertyNames`, `minProperties`, `maxProperties`, `dependencies`,
/// `dependentRequired`, `dependentSchemas`), the combinators (`allOf`, `anyOf`, `oneOf`, `not`,
/// `if`/`then`/`else`) and local references (`$ref` to `#`, `#/json/pointer` or an anchor,
/// with `$defs` and `definitions`). Keywords are read as the chosen ``Draft`` defines them
/// (`items` as an array is a tuple before 2020-12; `exclusiveMaximum` is a boolean in draft 4).
///
/// ```swift
/// let schema = try JSONSchema(["type": "object", "required": ["id"]])
/// let failures = schema.validate(["name": "Ada"])
/// // failures[0].keyword == "required", failures[0].instancePath == ""
/// ```
///
/// Remote references, `$dynamicRef`, `$recursiveRef`, `unevaluatedProperties` and
/// `unevaluatedItems` are refused when the schema is made, so nothing is silently ignored.
public struct JSONSchema: Sendable, Hashable {
    /// The JSON Schema drafts, named as WireMock's `schemaVersion` names them.
    public enum Draft: String, Sendable, Hashable, CaseIterable {
        case v4 = "V4"
        case v6 = "V6"
        case v7 = "V7"
        case v201909 = "V201909"
        case v202012 = "V202012"

        /// Draft 2019-09 or later.
        var isModern: Bool { self == .v201909 || self == .v202012 }
    }

    /// The schema document.
    public let document: JSONValue
    /// The draft its keywords are read by.
    public let draft: Draft
    /// Whether `format` is checked (an assertion) rather than only noted (an annotation).
    public let assertsFormats: Bool
    /// Whether the OpenAPI Format Registry's `int32` and `int64` are asserted too (OpenAPI
    /// validation); WireMock's `matchesJsonSchema` does not know them.
    package let assertsOpenAPIFormats: Bool
    let regexes: [String: BoundedRegex]
    let anchors: [String: String]

    /// Checks and keeps a schema.
    ///
    /// - Parameters:
    ///   - document: The schema: an object, or `true`/`false` from draft 6 on.
    ///   - draft: How its keywords are read; 2020-12 by default, as WireMock's default.
    ///   - assertFormats: Whether `format` fails on values that do not fit. By default it does
    ///     for drafts 4 to 7 and only annotates for 2019-09 and 2020-12, as those drafts
    ///     specify and WireMock's validator does.
    /// - Throws: ``JSONSchemaError`` naming the keyword and its location in the schema when
    ///   the schema is malformed (a keyword of the wrong type, an invalid `pattern`, a `$ref`
    ///   that does not resolve) or uses a keyword Understudy does not implement.
    public init(_ document: JSONValue, draft: Draft = .v202012, assertFormats: Bool? = nil) throws(JSONSchemaError) {
        try self.init(document, draft: draft, assertFormats: assertFormats, openAPIFormats: false)
    }

    /// Checks and keeps a schema; with `openAPIFormats`, `int32` and `int64` are asserted
    /// with the other formats.
    package init(_ document: JSONValue, draft: Draft, assertFormats: Bool?, openAPIFormats: Bool) throws(JSONSchemaError) {
        self.document = document
        self.draft = draft
        assertsFormats = assertFormats ?? !draft.isModern
        assertsOpenAPIFormats = openAPIFormats && assertsFormats
        var checker = JSONSchemaChecker(root: document, draft: draft)
        try checker.check(document, at: "#")
        try checker.resolveReferences()
        regexes = checker.regexes
        anchors = checker.anchors
    }

    public static func == (lhs: JSONSchema, rhs: JSONSchema) -> Bool {
        lhs.document == rhs.document && lhs.draft == rhs.draft && lhs.assertsFormats == rhs.assertsFormats
            && lhs.assertsOpenAPIFormats == rhs.assertsOpenAPIFormats
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(document)
        hasher.combine(draft)
    }

    /// Every way `instance` fails the schema, in schema order; empty when it is valid.
    public func validate(_ instance: JSONValue) -> [JSONSchemaFailure] {
        var validator = JSONSchemaValidator(schema: self)
        return validator.validate(instance)
    }

    /// Whether `instance` is valid.
    public func isValid(_ instance: JSONValue) -> Bool {
        validate(instance).isEmpty
    }

    /// The compiled regex for `source`: checked schemas compile theirs up front; one reached
    /// only through a reference into an unchecked place is compiled here.
    func regex(_ source: String) -> BoundedRegex? {
        regexes[source] ?? (try? BoundedRegex(source))
    }

    /// The subschema a local reference points to (`#`, `#/json/pointer`, `#anchor`).
    func resolve(_ reference: String) -> JSONValue? {
        if let pointer = anchors[reference] { return JSONPointer.lookup(pointer, in: document) }
        return JSONPointer.lookup(reference, in: document)
    }
}

/// One way a document fails a schema.
public struct JSONSchemaFailure: Sendable, Hashable, CustomStringConvertible {
    /// The keyword that failed: `type`, `required`, `pattern`…
    public let keyword: String
    /// Where in the document, as a JSON pointer (`""` is the whole document, `/items/0/id`).
    public let instancePath: String
    /// Where in the schema, as a JSON pointer fragment (`#/properties/id/type`).
    public let schemaPath: String
    /// What was wrong, in words.
    public let message: String

    /// Creates a failure.
    public init(keyword: String, instancePath: String, schemaPath: String, message: String) {
        self.keyword = keyword
        self.instancePath = instancePath
        self.schemaPath = schemaPath
        self.message = message
    }

    /// `/id: integer expected, got string "x" (type at #/properties/id/type)`.
    public var description: String {
        "\(instancePath.isEmpty ? "(document)" : instancePath): \(message) (\(keyword) at \(schemaPath))"
    }
}

/// A schema that cannot be used.
public struct JSONSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the schema, as a JSON pointer fragment (`#/properties/id`).
    public let schemaPath: String
    /// What is wrong and how to fix it.
    public let message: String

    /// Creates the error.
    public init(schemaPath: String, message: String) {
        self.schemaPath = schemaPath
        self.message = message
    }

    public var description: String { "invalid JSON Schema at \(schemaPath): \(message)" }
}
