/// A pattern for a value that may occur several times (a header, query parameter, form
/// parameter or cookie): one ``StringValuePattern`` that any occurrence satisfies, or
/// WireMock's `hasExactly` / `includes` over all occurrences.
public struct MultiValuePattern: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case single(StringValuePattern)
        case hasExactly([StringValuePattern])
        case includes([StringValuePattern])
    }

    let kind: Kind

    /// Some occurrence matches `pattern` (or, for `absent`, there is none).
    public static func single(_ pattern: StringValuePattern) -> MultiValuePattern { MultiValuePattern(kind: .single(pattern)) }

    /// The occurrences are exactly these, one pattern each, in any order.
    public static func hasExactly(_ patterns: StringValuePattern...) -> MultiValuePattern { .hasExactly(patterns) }

    /// The occurrences are exactly these, one pattern each, in any order.
    public static func hasExactly(_ patterns: [StringValuePattern]) -> MultiValuePattern {
        MultiValuePattern(kind: .hasExactly(patterns))
    }

    /// Each pattern matches some occurrence; other occurrences are allowed.
    public static func includes(_ patterns: StringValuePattern...) -> MultiValuePattern { .includes(patterns) }

    /// Each pattern matches some occurrence; other occurrences are allowed.
    public static func includes(_ patterns: [StringValuePattern]) -> MultiValuePattern {
        MultiValuePattern(kind: .includes(patterns))
    }

    /// Matches all occurrences of a value (empty when absent).
    public func match(_ values: [String]) -> MatchResult {
        switch kind {
        case .single(let pattern):
            if pattern.isAbsent { return .of(values.isEmpty) }
            if values.isEmpty { return pattern.match(nil as String?) }
            return Self.best(pattern, values)
        case .includes(let patterns):
            if values.isEmpty { return .noMatch }
            return MatchResult.aggregate(patterns.map { Self.best($0, values) })
        case .hasExactly(let patterns):
            if values.isEmpty { return .noMatch }
            var unused = values
            var results: [MatchResult] = []
            for pattern in patterns {
                if let index = unused.firstIndex(where: { pattern.match($0).isExactMatch }) {
                    unused.remove(at: index)
                    results.append(.exactMatch)
                } else {
                    results.append(Self.best(pattern, values))
                }
            }
            results += unused.map { _ in MatchResult.noMatch }
            return MatchResult.aggregate(results)
        }
    }

    /// Every string pattern inside, for validation.
    var patterns: [StringValuePattern] {
        switch kind {
        case .single(let pattern): [pattern]
        case .hasExactly(let patterns), .includes(let patterns): patterns
        }
    }

    private static func best(_ pattern: StringValuePattern, _ values: [String]) -> MatchResult {
        var best = MatchResult.noMatch
        for value in values {
            let result = pattern.match(value)
            if result.isExactMatch { return result }
            if result.distance < best.distance { best = result }
        }
        return best
    }

    public var description: String {
        switch kind {
        case .single(let pattern): pattern.description
        case .hasExactly(let patterns): "hasExactly[\(patterns.map(\.description).joined(separator: ", "))]"
        case .includes(let patterns): "includes[\(patterns.map(\.description).joined(separator: ", "))]"
        }
    }
}

/// A named multi-value pattern: one entry of `headers`, `queryParameters`, `cookies`, ...
public struct NamedPattern: Sendable, Hashable {
    /// The header, parameter or cookie name.
    public var name: String
    /// What its values must look like.
    public var pattern: MultiValuePattern

    public init(name: String, pattern: MultiValuePattern) {
        self.name = name
        self.pattern = pattern
    }
}
