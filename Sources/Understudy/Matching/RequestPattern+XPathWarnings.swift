import UnderstudySupport
import UnderstudyXML

/// `matchesXPath` with an expression that yields a value (`count(//a) > 2`) and no nested
/// pattern always matches in WireMock (`MatchesXPathPattern.isSimpleMatch` counts the value as
/// one node found), and so it does here; `understudy lint` points it out.
extension StringValuePattern {
    /// The `matchesXPath` expressions in the pattern that yield a value and have no nested pattern.
    func valueOnlyXPaths() -> [XPathExpression] {
        if case .matchesXPath(let expression, nil) = kind { return expression.yieldsNodes ? [] : [expression] }
        return nestedPatterns.flatMap { $0.valueOnlyXPaths() }
    }
}

extension RequestPattern {
    /// Advice about `matchesXPath` expressions that match whatever the request holds, one
    /// message each. Like ``regexWarnings``, these do not stop a stub from loading.
    public var xPathWarnings: [String] {
        stringValuePatterns.flatMap(Self.xPathWarnings)
    }

    /// The advice for one pattern (also given while decoding a mapping).
    static func xPathWarnings(_ pattern: StringValuePattern) -> [String] {
        pattern.valueOnlyXPaths().map { expression in
            "matchesXPath \(quoted(expression.source)) yields a value, not nodes, so it matches every XML body "
                + "(as in WireMock); compare the value with a nested pattern: "
                + #"{"matchesXPath": {"expression": "\#(expression.source)", "equalTo": "true"}}"#
        }
    }
}
