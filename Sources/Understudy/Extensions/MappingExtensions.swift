/// The answer kinds and custom matchers from outside the core that a mapping's JSON may use,
/// by their JSON names: what a decoder of WireMock JSON is given so that it can read
/// `"customMatcher": {"name": "graphql-body-matcher", …}` or `"llm": {…}`.
///
/// The core knows none of them. Each feature target offers its own (`.graphQL`, `.llm`,
/// `.networkProfiles`), and `.understudy` (from `UnderstudyServer`) holds all of Understudy's;
/// the server, the command line and the test scopes decode with that. A stub built in Swift
/// carries its values and needs no registration.
/// ```swift
/// let mock = try HTTPMock(loadingMappingsFrom: MappingsRoot(path: "Fixtures/api"),
///                         configuration: .init(mappingExtensions: .understudy))
/// ```
public struct MappingExtensions: Sendable, ExpressibleByArrayLiteral {
    /// The custom matchers, by ``RequestMatcherExtension/wireMockName``.
    package private(set) var matchers: [String: any RequestMatcherExtension.Type] = [:]
    /// The answer kinds, by ``AnswerExtension/wireMockKey``.
    package private(set) var answers: [String: any AnswerExtension.Type] = [:]
    /// The parts of a root folder besides `mappings/` that loading a root reads.
    package private(set) var rootParts: [any MappingsRootPart.Type] = []

    /// No extensions: the WireMock format and the core's own extensions only.
    public init() {}

    /// The given matchers and answer kinds.
    package init(matchers: [any RequestMatcherExtension.Type] = [], answers: [any AnswerExtension.Type] = [],
                 rootParts: [any MappingsRootPart.Type] = []) {
        for matcher in matchers { self.matchers[matcher.wireMockName] = matcher }
        for answer in answers { self.answers[answer.wireMockKey] = answer }
        self.rootParts = rootParts
    }

    /// Every extension of the sets given: `[.graphQL, .llm]`.
    public init(arrayLiteral sets: MappingExtensions...) {
        for set in sets { self = merging(set) }
    }

    /// This set and `other`'s extensions (`other`'s win where both name one).
    public func merging(_ other: MappingExtensions) -> MappingExtensions {
        var merged = self
        merged.matchers.merge(other.matchers) { $1 }
        merged.answers.merge(other.answers) { $1 }
        for part in other.rootParts where !merged.rootParts.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(part) }) {
            merged.rootParts.append(part)
        }
        return merged
    }

    /// What an unknown field of a response or a custom matcher's unknown name adds: where the
    /// extensions are.
    package static let unknownKeyHint = "Understudy's own extensions (\"llm\", \"networkProfile\", graphql-body-matcher) are read only by a decoder given their MappingExtensions: HTTPMock.Configuration(mappingExtensions: .understudy), as the server, the command line and the test scopes have"
}
