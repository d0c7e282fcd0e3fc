package import UnderstudyJSON

/// A request matcher that lives outside the core, named as WireMock names a `customMatcher`
/// (`"customMatcher": {"name": …, "parameters": {…}}` in a request pattern). GraphQL matching
/// (`UnderstudyGraphQL`'s `GraphQLPattern`) is one.
///
/// A value goes into a pattern as its ``RequestPattern/customMatcher``; mapping JSON reads it
/// when its type is in the ``MappingExtensions`` the decoder is given. Its fields take part in
/// matching, grading and near-miss reports as the core's own fields do:
/// ```swift
/// struct TraceHeader: RequestMatcherExtension {
///     static let wireMockName = "trace-header"
///     var description: String { "a traceparent header" }
///     var wireMockParameters: JSONObject { [:] }
///     init() {}
///     init(wireMockCustomMatcher reader: JSONReader) throws {}
///     func evaluate(_ request: RecordedRequest, _ fields: inout MatcherFields) {
///         fields.check("traceparent", expected: "present", actual: { request.headers["traceparent"] ?? "(none)" }) {
///             .of(request.headers["traceparent"] != nil)
///         }
///     }
/// }
/// var pattern = RequestPattern.get(urlPath: "/orders")
/// pattern.customMatcher = CustomMatcher(TraceHeader())
/// ```
package protocol RequestMatcherExtension: Sendable, Hashable, CustomStringConvertible {
    /// The matcher's name in WireMock JSON (`"graphql-body-matcher"`).
    static var wireMockName: String { get }
    /// Decodes the whole `customMatcher` object (its `name` is this type's; the decoder checks
    /// `parameters` and may warn through the reader).
    init(wireMockCustomMatcher reader: JSONReader) throws
    /// The `parameters` of the `customMatcher` object it is written as.
    var wireMockParameters: JSONObject { get }
    /// The matcher as one constraint of a pattern's description (`"graphql-body-matcher …"` by
    /// default: the name, then ``description``).
    var summary: String { get }
    /// What makes the matcher unusable (a query that does not parse), one message each; empty
    /// when it can match.
    var problems: [String] { get }
    /// Checks the request, one ``MatcherFields/check(_:expected:weight:actual:explanation:_:)``
    /// per field it constrains, in the order near-miss reports list them.
    func evaluate(_ request: RecordedRequest, _ fields: inout MatcherFields)
}

extension RequestMatcherExtension {
    package var problems: [String] { [] }
    package var summary: String { "\(Self.wireMockName) \(description)" }

    fileprivate func isEqual(to other: any RequestMatcherExtension) -> Bool {
        (other as? Self) == self
    }
}

/// A request pattern's custom matcher (WireMock's `customMatcher`): one value of a
/// `RequestMatcherExtension` type from outside the core.
public struct CustomMatcher: Sendable, Hashable, CustomStringConvertible {
    /// The matcher.
    package let matcher: any RequestMatcherExtension

    /// Wraps a matcher.
    package init(_ matcher: some RequestMatcherExtension) { self.matcher = matcher }

    /// The matcher's name in WireMock JSON.
    public var name: String { type(of: matcher).wireMockName }

    /// The matcher as `type`, when it is one.
    package func value<Matcher: RequestMatcherExtension>(as type: Matcher.Type) -> Matcher? { matcher as? Matcher }

    /// What the matcher wants, for reports.
    public var description: String { matcher.description }

    /// The matcher as WireMock's `customMatcher` object.
    public var wireMockJSON: JSONValue {
        ["name": .string(name), "parameters": .object(matcher.wireMockParameters)]
    }

    public static func == (lhs: CustomMatcher, rhs: CustomMatcher) -> Bool { lhs.matcher.isEqual(to: rhs.matcher) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        matcher.hash(into: &hasher)
    }
}

/// The fields a ``RequestMatcherExtension`` checks, each graded and, for reports, described as
/// the core's fields are (each weighs 1, as WireMock's non-URL fields do, unless told).
package struct MatcherFields {
    var evaluation: RequestPatternEvaluation

    /// Whether the rest can be skipped (a field already missed and only a yes or no is asked).
    package var isDone: Bool { evaluation.done }

    /// Checks one field. `field`, `expected`, `actual` and `explanation` are only evaluated when a
    /// report is made, so matching builds no text.
    package mutating func check(
        _ field: @autoclosure () -> String,
        expected: @autoclosure () -> String,
        weight: Double = RequestPattern.FieldWeight.other,
        actual: () -> String,
        explanation: () -> String? = { nil },
        _ match: () -> MatchResult
    ) {
        evaluation.check(field(), expected(), weight, actual: actual, explanation: explanation, match)
    }
}
