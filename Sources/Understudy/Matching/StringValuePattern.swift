public import Foundation
public import UnderstudyJSON
import UnderstudyXML

/// A pattern for one string value: a header, a query parameter, a cookie, the host, or the
/// body. Mirrors WireMock's `StringValuePattern` operators and their JSON form.
///
/// ```swift
/// let accept: StringValuePattern = .contains("json")
/// let id: StringValuePattern = .matches("[0-9]+")
/// let token: StringValuePattern = .and(.matches("Bearer .+"), .doesNotContain("expired"))
/// ```
/// A string literal means `equalTo`.
public struct StringValuePattern: Sendable, Hashable, ExpressibleByStringLiteral {
    indirect enum Kind: Sendable, Hashable {
        case equalTo(String, caseInsensitive: Bool)
        case binaryEqualTo(Data)
        case contains(String)
        case doesNotContain(String)
        case matches(RegexPattern)
        case doesNotMatch(RegexPattern)
        case absent
        case and([StringValuePattern])
        case or([StringValuePattern])
        case not(StringValuePattern)
        case dateTime(DateTimePattern)
        case number(NumberPattern)
        case equalToJson(EqualToJsonPattern)
        case matchesJsonPath(JSONPath, StringValuePattern?)
        case equalToXml(EqualToXmlPattern)
        case matchesXPath(XPathExpression, StringValuePattern?)
        case matchesJsonSchema(MatchesJsonSchemaPattern)
        case anything
        case matchesPathTemplate(PathTemplate)
        /// A pattern that could not be built; never matches and reports `problem`.
        case invalid(operator: String, operand: String, problem: String)
    }

    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    public init(stringLiteral value: String) { self.init(.equalTo(value, caseInsensitive: false)) }

    /// The value equals `value` exactly, or ignoring case.
    public static func equalTo(_ value: String, caseInsensitive: Bool = false) -> StringValuePattern {
        StringValuePattern(.equalTo(value, caseInsensitive: caseInsensitive))
    }

    /// The value equals `value` ignoring case.
    public static func equalToIgnoringCase(_ value: String) -> StringValuePattern {
        .equalTo(value, caseInsensitive: true)
    }

    /// The bytes equal `data` exactly (for bodies; strings compare as UTF-8).
    public static func binaryEqualTo(_ data: Data) -> StringValuePattern { StringValuePattern(.binaryEqualTo(data)) }

    /// The value contains `value`.
    public static func contains(_ value: String) -> StringValuePattern { StringValuePattern(.contains(value)) }

    /// The value does not contain `value`.
    public static func doesNotContain(_ value: String) -> StringValuePattern { StringValuePattern(.doesNotContain(value)) }

    /// The whole value matches the regular expression.
    public static func matches(_ regex: String) -> StringValuePattern { StringValuePattern(.matches(RegexPattern(regex))) }

    /// The whole value does not match the regular expression.
    public static func doesNotMatch(_ regex: String) -> StringValuePattern {
        StringValuePattern(.doesNotMatch(RegexPattern(regex)))
    }

    /// The value is not present at all (a header, parameter or cookie that must be missing).
    public static var absent: StringValuePattern { StringValuePattern(.absent) }

    /// Every pattern matches.
    public static func and(_ patterns: StringValuePattern...) -> StringValuePattern { StringValuePattern(.and(patterns)) }

    /// Every pattern matches.
    public static func and(_ patterns: [StringValuePattern]) -> StringValuePattern { StringValuePattern(.and(patterns)) }

    /// At least one pattern matches.
    public static func or(_ patterns: StringValuePattern...) -> StringValuePattern { StringValuePattern(.or(patterns)) }

    /// At least one pattern matches.
    public static func or(_ patterns: [StringValuePattern]) -> StringValuePattern { StringValuePattern(.or(patterns)) }

    /// The pattern does not match.
    public static func not(_ pattern: StringValuePattern) -> StringValuePattern { StringValuePattern(.not(pattern)) }

    /// A date-time comparison (`before`, `after`, `equalToDateTime`).
    public static func dateTime(_ pattern: DateTimePattern) -> StringValuePattern { StringValuePattern(.dateTime(pattern)) }

    /// The value is a date-time before `expected` (an ISO-8601 literal or `now +3 days`).
    public static func before(_ expected: String) throws(DateTimePatternError) -> StringValuePattern {
        .dateTime(try DateTimePattern(.before, expected))
    }

    /// The value is a date-time after `expected` (an ISO-8601 literal or `now -1 hours`).
    public static func after(_ expected: String) throws(DateTimePatternError) -> StringValuePattern {
        .dateTime(try DateTimePattern(.after, expected))
    }

    /// The value is the same instant as `expected`.
    public static func equalToDateTime(_ expected: String) throws(DateTimePatternError) -> StringValuePattern {
        .dateTime(try DateTimePattern(.equalToDateTime, expected))
    }

    /// The value is JSON equal to the document `json` holds, as `"equalToJson": "{…}"` means
    /// in a WireMock mapping: the text is parsed, so `try .equalToJson(#"{"name": "Ada"}"#)`
    /// expects an object (see ``EqualToJsonPattern`` for the options).
    ///
    /// Throws a `JSONParseError` (with line and column) when `json` is not valid JSON. To
    /// expect a JSON *string*, pass a `JSONValue`: `.equalToJson(.string("Ada"))`.
    public static func equalToJson(
        _ json: String,
        ignoreArrayOrder: Bool = false,
        ignoreExtraElements: Bool = false
    ) throws(JSONParseError) -> StringValuePattern {
        .equalToJson(try JSONParser.parse(json), ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)
    }

    /// The value is JSON equal to `expected`, a document built in Swift
    /// (`.equalToJson(["name": "Ada"])`; see ``EqualToJsonPattern`` for the options). A string
    /// literal argument is JSON *text* and is parsed (the throwing overload taking a `String`).
    public static func equalToJson(
        _ expected: JSONValue,
        ignoreArrayOrder: Bool = false,
        ignoreExtraElements: Bool = false
    ) -> StringValuePattern {
        StringValuePattern(.equalToJson(EqualToJsonPattern(
            expected: expected, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)))
    }

    /// The value is JSON in which the JSONPath expression selects something; with `pattern`,
    /// the selected value must also match it. An invalid expression never matches and is
    /// reported by ``RequestPattern/validate()``.
    public static func matchesJsonPath(_ expression: String, _ pattern: StringValuePattern? = nil) -> StringValuePattern {
        do {
            return StringValuePattern(.matchesJsonPath(try JSONPath(expression), pattern))
        } catch {
            return StringValuePattern(.invalid(
                operator: "matchesJsonPath", operand: expression,
                problem: "invalid JSONPath \"\(expression)\" \(error)"))
        }
    }

    /// The value is an XML document equal to `expected`, compared as WireMock compares with
    /// XMLUnit: whitespace, comments, namespace prefixes and the order of child elements do
    /// not matter (see ``EqualToXmlPattern`` for placeholders and the other options).
    ///
    /// ```swift
    /// let body: StringValuePattern = try .equalToXml("<order><id>${xmlunit.ignore}</id></order>", enablePlaceholders: true)
    /// ```
    /// Throws an ``EqualToXmlPatternError`` when `expected` is not well-formed XML.
    public static func equalToXml(
        _ expected: String,
        enablePlaceholders: Bool? = nil,
        placeholderOpeningDelimiterRegex: String? = nil,
        placeholderClosingDelimiterRegex: String? = nil,
        exemptedComparisons: Set<EqualToXmlPattern.ComparisonType>? = nil,
        ignoreOrderOfSameNode: Bool? = nil,
        namespaceAwareness: EqualToXmlPattern.NamespaceAwareness? = nil
    ) throws(EqualToXmlPatternError) -> StringValuePattern {
        StringValuePattern(.equalToXml(try EqualToXmlPattern(
            expected: expected, enablePlaceholders: enablePlaceholders,
            placeholderOpeningDelimiterRegex: placeholderOpeningDelimiterRegex,
            placeholderClosingDelimiterRegex: placeholderClosingDelimiterRegex,
            exemptedComparisons: exemptedComparisons, ignoreOrderOfSameNode: ignoreOrderOfSameNode,
            namespaceAwareness: namespaceAwareness)))
    }

    /// The value is XML in which the XPath 1.0 expression selects something; with `pattern`,
    /// one selected value (text and attributes as text, elements as XML) must also match it.
    ///
    /// ```swift
    /// let body: StringValuePattern = .matchesXPath("//order[@id='42']")
    /// let total: StringValuePattern = .matchesXPath("/s:Envelope//total/text()", .matches("[0-9]+"),
    ///                                              namespaces: ["s": "http://schemas.xmlsoap.org/soap/envelope/"])
    /// ```
    /// Without `namespaces`, names match whatever their prefix, as in WireMock. An expression
    /// that does not compile (or uses a construct outside the subset `XPathExpression`
    /// implements) never matches and is reported by ``RequestPattern/validate()``; a mapping
    /// file holding one fails to load.
    public static func matchesXPath(
        _ expression: String, _ pattern: StringValuePattern? = nil, namespaces: [String: String]? = nil
    ) -> StringValuePattern {
        do {
            return StringValuePattern(.matchesXPath(try XPathExpression(expression, namespaces: namespaces), pattern))
        } catch {
            return StringValuePattern(.invalid(operator: "matchesXPath", operand: expression, problem: "invalid XPath: \(error)"))
        }
    }

    /// The value is JSON valid against the JSON Schema `schema` (draft 2020-12 unless
    /// `version` says otherwise); see ``MatchesJsonSchemaPattern`` for how values that are
    /// not JSON are treated.
    ///
    /// ```swift
    /// let body: StringValuePattern = try .matchesJsonSchema(["type": "object", "required": ["id"]])
    /// ```
    /// Throws a `JSONSchemaError` naming the keyword and its place when the schema is invalid.
    public static func matchesJsonSchema(_ schema: JSONValue, version: JSONSchema.Draft? = nil) throws(JSONSchemaError) -> StringValuePattern {
        StringValuePattern(.matchesJsonSchema(MatchesJsonSchemaPattern(
            schema: try JSONSchema(schema, draft: version ?? .v202012), schemaVersion: version)))
    }

    /// Every value, present or not (WireMock's `anything`).
    public static var anything: StringValuePattern { StringValuePattern(.anything) }

    /// The value is a path that fits the template, for example `/users/{id}` (WireMock's
    /// `matchesPathTemplate`; see ``PathTemplate``). An invalid template never matches and is
    /// reported by ``RequestPattern/validate()``.
    public static func matchesPathTemplate(_ template: String) -> StringValuePattern {
        do {
            return StringValuePattern(.matchesPathTemplate(try PathTemplate(template)))
        } catch {
            return StringValuePattern(.invalid(operator: "matchesPathTemplate", operand: template, problem: error.description))
        }
    }

    /// Whether this is `absent`.
    public var isAbsent: Bool {
        if case .absent = kind { return true }
        return false
    }

    /// Problems that make the pattern unusable (invalid regular expressions), one message each.
    public var problems: [String] {
        switch kind {
        case .matches(let regex), .doesNotMatch(let regex): regex.compileError.map { [$0] } ?? []
        case .invalid(_, _, let problem): [problem]
        default: nestedPatterns.flatMap(\.problems)
        }
    }

    /// The patterns inside this one, which the walks over a pattern (problems, regexes,
    /// warnings) descend into: the operands of `and`, `or` and `not`, and the pattern a
    /// `matchesJsonPath` or `matchesXPath` applies to what it selects.
    var nestedPatterns: [StringValuePattern] {
        switch kind {
        case .and(let patterns), .or(let patterns): patterns
        case .not(let pattern): [pattern]
        case .matchesJsonPath(_, let nested), .matchesXPath(_, let nested): nested.map { [$0] } ?? []
        default: []
        }
    }
}
