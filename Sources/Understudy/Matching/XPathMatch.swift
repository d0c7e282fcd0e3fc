import UnderstudySupport
import UnderstudyXML

/// WireMock's `matchesXPath` (`MatchesXPathPattern`): the value is XML in which the expression
/// selects something; with a nested pattern, one of the selected values (text and attributes
/// as their text, elements as XML) must match it, and the closest one grades a miss.
///
/// As in WireMock, an expression that yields a string, number or boolean (`count(//a)`) always
/// counts as selecting something; only the nested pattern looks at the value.
struct XPathMatch {
    let expression: XPathExpression
    let nested: StringValuePattern?

    /// What evaluating the expression on a value gave.
    enum Selection {
        /// The value does not start with `<` or is not well-formed XML.
        case notXML(String)
        /// Evaluation ran past its step budget.
        case abandoned
        /// The rendered results, empty when nothing was selected.
        case results([String])
    }

    func select(_ text: String) -> Selection {
        // WireMock does not try to parse a value that does not start with `<`.
        guard text.drop(while: \.isWhitespace).first == "<" else { return .notXML("the value is not XML") }
        let tree: XMLTree
        do {
            tree = try XMLTree(parsing: text)
        } catch {
            return .notXML("the value is not well-formed XML: \(error)")
        }
        if expression.namespaces != nil, let prefix = tree.unboundPrefixes.first {
            return .notXML("the value uses the prefix \"\(prefix)\" without declaring it")
        }
        guard let results = expression.renderedResults(tree) else { return .abandoned }
        return .results(results)
    }

    func match(_ text: String) -> MatchResult {
        guard case .results(let results) = select(text), !results.isEmpty else { return .noMatch }
        guard let nested else { return .exactMatch }
        let graded = results.map { nested.match($0) }
        return graded.first(where: \.isExactMatch) ?? graded.min { $0.distance < $1.distance } ?? .noMatch
    }

    /// Why a value did not match, for near-miss reports.
    func explainMiss(_ text: String) -> String? {
        switch select(text) {
        case .notXML(let reason): return reason
        case .abandoned: return "evaluating \(expression.source) took too many steps and was abandoned"
        case .results(let results):
            if results.isEmpty { return "\(expression.source) selected nothing" }
            guard let nested else { return nil }
            if results.contains(where: { nested.match($0).isExactMatch }) { return nil }
            let shown = results.prefix(3).map { quoted($0.count > 80 ? String($0.prefix(77)) + "…" : $0) }.joined(separator: ", ")
            return "\(expression.source) selected \(shown)\(results.count > 3 ? " and \(results.count - 3) more" : ""); none is \(nested)"
        }
    }
}
