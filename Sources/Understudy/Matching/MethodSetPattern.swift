public import UnderstudyClient

/// A method constraint over several methods: WireMock 4's `{"oneOf": [...]}` and
/// `{"noneOf": [...]}` in a request's `method` (`matching/MultiRequestMethodPattern.java`,
/// wiremock/wiremock#3252). Set it with ``RequestPattern/method(oneOf:)`` or
/// ``RequestPattern/method(noneOf:)``.
public struct MethodSetPattern: Sendable, Hashable, CustomStringConvertible {
    private enum Rule: Sendable, Hashable {
        case oneOf, noneOf
    }

    private let rule: Rule
    /// The methods, in the order written (kept for writing the JSON back).
    public let methods: [HTTPMethod]

    /// Matches a request whose method is one of `methods`.
    public static func oneOf(_ methods: [HTTPMethod]) -> MethodSetPattern { MethodSetPattern(rule: .oneOf, methods: methods) }

    /// Matches a request whose method is none of `methods`.
    public static func noneOf(_ methods: [HTTPMethod]) -> MethodSetPattern { MethodSetPattern(rule: .noneOf, methods: methods) }

    /// Whether `method` is allowed (methods compare case-sensitively, as in HTTP).
    public func matches(_ method: HTTPMethod) -> Bool {
        methods.contains(method) == (rule == .oneOf)
    }

    /// The JSON key: `oneOf` or `noneOf`.
    var key: String { rule == .oneOf ? "oneOf" : "noneOf" }

    /// `oneOf [GET, HEAD]`, as near-miss reports print it.
    public var description: String { "\(key) [\(methods.map(\.rawValue).joined(separator: ", "))]" }
}
