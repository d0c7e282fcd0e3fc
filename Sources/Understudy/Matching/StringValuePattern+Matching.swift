public import Foundation
import UnderstudyJSON
import UnderstudySupport

extension StringValuePattern {
    /// Matches a value; `nil` means the value is absent (a missing header, parameter or cookie).
    public func match(_ value: String?) -> MatchResult {
        match(value.map { MatchInput(text: $0) })
    }

    /// Matches a body: byte patterns see the bytes, the others its UTF-8 text. For
    /// `absent` (alone or inside `not`/`and`/`or`), an empty body counts as no body.
    public func match(body: Data) -> MatchResult {
        match(body.isEmpty && mentionsAbsent ? nil : MatchInput(data: body))
    }

    /// Matches a body that arrived as text (a WebSocket text message) as ``match(body:)``
    /// matches its bytes, without turning it into bytes and back.
    package func match(bodyText text: String) -> MatchResult {
        match(text.isEmpty && mentionsAbsent ? nil : MatchInput(text: text))
    }

    /// Whether `absent` appears in the pattern.
    private var mentionsAbsent: Bool {
        switch kind {
        case .absent: true
        case .not(let pattern): pattern.mentionsAbsent
        case .and(let patterns), .or(let patterns): patterns.contains { $0.mentionsAbsent }
        default: false
        }
    }

    func match(_ input: MatchInput?) -> MatchResult {
        switch kind {
        case .absent:
            return .of(input == nil)
        case .anything:
            return .exactMatch
        case .and(let patterns):
            return MatchResult.aggregate(patterns.map { $0.match(input) })
        case .or(let patterns):
            let results = patterns.map { $0.match(input) }
            return results.first(where: \.isExactMatch) ?? results.min { $0.distance < $1.distance } ?? .noMatch
        case .not(let pattern):
            return .of(!pattern.match(input).isExactMatch)
        default:
            guard let input else { return .noMatch }
            return matchPresent(input)
        }
    }

    private func matchPresent(_ input: MatchInput) -> MatchResult {
        switch kind {
        case let .equalTo(expected, caseInsensitive):
            let actual = input.text
            let equal = caseInsensitive ? expected.lowercased() == actual.lowercased() : expected == actual
            if equal { return .exactMatch }
            return .partialMatch(distance: caseInsensitive
                ? LevenshteinDistance.normalized(expected.lowercased(), actual.lowercased())
                : LevenshteinDistance.normalized(expected, actual))
        case .binaryEqualTo(let expected):
            return .of(input.data == expected)
        case .contains(let expected):
            return .of(input.text.contains(expected) || expected.isEmpty)
        case .doesNotContain(let expected):
            return .of(!input.text.contains(expected) && !expected.isEmpty)
        case .matches(let regex):
            return .of(regex.matches(input.text))
        case .doesNotMatch(let regex):
            // An abandoned match (`gaveUp`) is not evidence that the value differs: a miss.
            return .of(regex.compileError == nil && regex.outcome(input.text) == .noMatch)
        case .dateTime(let pattern):
            return pattern.match(input.text, now: Date())
        case .number(let pattern):
            return pattern.match(input.text)
        case .equalToJson(let pattern):
            return pattern.match(input.text)
        case let .matchesJsonPath(path, nested):
            return JSONPathMatch(path: path, nested: nested).match(input.text)
        case .equalToXml(let pattern):
            return pattern.match(input.text)
        case let .matchesXPath(expression, nested):
            return XPathMatch(expression: expression, nested: nested).match(input.text)
        case .matchesJsonSchema(let pattern):
            return pattern.match(input.text)
        case .matchesPathTemplate(let template):
            // WireMock's PathTemplatePattern ranks a miss by the template against the path.
            if template.matches(input.text) { return .exactMatch }
            return .partialMatch(distance: LevenshteinDistance.normalized(template.template, input.text))
        case .invalid:
            return .noMatch
        case .absent, .anything, .and, .or, .not:
            return match(input)
        }
    }
}

/// A value to match, kept as text or bytes and converted only when a pattern asks.
struct MatchInput {
    private let storedText: String?
    private let storedData: Data?

    init(text: String) {
        storedText = text
        storedData = nil
    }

    init(data: Data) {
        storedText = nil
        storedData = data
    }

    var text: String { storedText ?? String(decoding: storedData ?? Data(), as: UTF8.self) }
    var data: Data { storedData ?? Data((storedText ?? "").utf8) }
}

/// WireMock's `matchesJsonPath`, with or without a nested pattern for the selected value.
struct JSONPathMatch {
    let path: JSONPath
    let nested: StringValuePattern?

    func match(_ text: String) -> MatchResult {
        guard let document = try? JSONParser.parse(text) else { return .noMatch }
        let selected = path.evaluate(document)
        guard let nested else {
            // Jayway semantics: a definite path selecting `null`, or an empty selection, is no match.
            if selected.isEmpty { return .noMatch }
            if path.isDefinite, selected.count == 1, selected[0] == .null { return .noMatch }
            return .exactMatch
        }
        if selected.isEmpty { return nested.match(nil as String?) }
        let value: JSONValue = (path.isDefinite && selected.count == 1) ? selected[0] : .array(selected)
        let whole = nested.match(JSONPathMatch.text(of: value))
        guard !whole.isExactMatch, case .array(let items) = value, !nested.isJSONPattern else { return whole }
        // A list result matches when any element matches, as WireMock does for non-JSON value patterns.
        let elementResults = items.map { nested.match(JSONPathMatch.text(of: $0)) }
        return elementResults.first(where: \.isExactMatch)
            ?? (elementResults + [whole]).min { $0.distance < $1.distance } ?? whole
    }

    /// Strings as their contents, everything else as compact JSON.
    static func text(of value: JSONValue) -> String {
        if case .string(let string) = value { return string }
        return value.jsonText()
    }
}

extension StringValuePattern {
    /// Whether the pattern reads its value as a JSON document.
    var isJSONPattern: Bool {
        switch kind {
        case .equalToJson, .matchesJsonPath: true
        default: false
        }
    }
}
