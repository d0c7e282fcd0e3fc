/// What a near-miss line adds after the expected value for patterns that look inside a
/// document: the XPath that selected nothing, the first XML difference with its path, the
/// schema keyword and JSON pointer that failed.
extension StringValuePattern {
    /// Why `value` does not match, for the document patterns (`equalToXml`, `matchesXPath`,
    /// `matchesJsonSchema`, also inside `and` and `or`; a `not` misses because its pattern
    /// matched, which needs no explanation); `nil` for other patterns or a match.
    func explainMiss(on value: String) -> String? {
        switch kind {
        case .equalToXml(let pattern):
            return pattern.firstDifference(value)
        case let .matchesXPath(expression, nested):
            return XPathMatch(expression: expression, nested: nested).explainMiss(value)
        case .matchesJsonSchema(let pattern):
            let failures = pattern.failures(value)
            guard let first = failures.first else { return nil }
            return "schema: \(first)" + (failures.count > 1 ? " and \(failures.count - 1) more failure(s)" : "")
        case .and(let patterns):
            return patterns.lazy.filter { !$0.match(value).isExactMatch }.compactMap { $0.explainMiss(on: value) }.first
        case .or(let patterns):
            guard !patterns.contains(where: { $0.match(value).isExactMatch }) else { return nil }
            let reasons = patterns.compactMap { $0.explainMiss(on: value) }
            return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
        default:
            return nil
        }
    }
}
