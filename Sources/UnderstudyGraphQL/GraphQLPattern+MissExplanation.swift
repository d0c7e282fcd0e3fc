import UnderstudyGraphQLSyntax
import Understudy
import Foundation
import UnderstudyJSON
import UnderstudySupport

/// The three lines a ``GraphQLPattern`` adds to a near-miss report (`GraphQL query`,
/// `GraphQL variables`, `GraphQL operationName`): what the stub wants, what the request sent,
/// and on a miss, which field or variable differs.
extension GraphQLPattern {
    /// The stub's query, normalised, on one line (or the text as written when it does not parse).
    var expectedQueryText: String {
        switch document {
        case .success(let document): document.description
        case .failure(let error): "a valid query (the stub's query has a \(error))"
        }
    }

    var expectedVariablesText: String { variables?.jsonText() ?? "absent" }

    var expectedOperationNameText: String { operationName.map(quoted) ?? "absent" }

    static func sentQueryText(_ request: GraphQLRequest) -> String {
        switch request.query {
        case .unreadable(let reason): reason
        case .invalid(let text, _): RequestPattern.renderBody(Data(text.utf8))
        case .parsed(let document): document.description
        }
    }

    static func sentVariablesText(_ request: GraphQLRequest) -> String {
        guard request.isReadable else { return "(not a GraphQL request)" }
        return request.variables?.jsonText() ?? "(absent)"
    }

    static func sentOperationNameText(_ request: GraphQLRequest) -> String {
        guard request.isReadable else { return "(not a GraphQL request)" }
        return switch request.operationName {
        case .string(let name)?: quoted(name)
        case let other?: other.jsonText()
        case nil: "(absent)"
        }
    }

    /// Why the query misses: the first differing field, or the request's syntax error.
    func queryMissExplanation(_ request: GraphQLRequest) -> String? {
        guard case .success(let expected) = document else { return nil }
        switch request.query {
        case .unreadable: return nil
        case .invalid(_, let error): return "the request's query has a \(error)"
        case .parsed(let sent): return expected.firstDifference(from: sent)
        }
    }

    /// Why the variables miss: the first differing variable, or the absence rule.
    func variablesMissExplanation(_ request: GraphQLRequest) -> String? {
        guard request.isReadable, let sent = request.variables else { return nil }
        guard let variables else {
            return "the stub has no \"variables\", and graphql-body-matcher then requires the request to send none, not even {}; add the variables to the stub"
        }
        return Self.firstDifference(variables, sent, path: "")
    }

    /// Why the operation name misses; for a stub without one, the Apollo trap.
    func operationNameMissExplanation(_ request: GraphQLRequest) -> String? {
        guard request.isReadable, operationName == nil, case .string(let name)? = request.operationName else { return nil }
        return "the stub has no \"operationName\", and graphql-body-matcher then requires the request to send none; Apollo iOS always sends one: add \"operationName\": \(quoted(name)) to the stub"
    }

    /// `variable \`id\` expected 1, got 2`, `variable \`info.minAge\` is missing`, …
    private static func firstDifference(_ expected: JSONValue, _ sent: JSONValue, path: String) -> String? {
        let name = path.isEmpty ? "variables" : "variable `\(path)`"
        if case .string(let text) = expected, let placeholder = JsonUnitPlaceholder(text) {
            return placeholder.accepts(sent) ? nil : "\(name) expected \(text), got \(sent.jsonText())"
        }
        switch (expected, sent) {
        case let (.object(wanted), .object(got)):
            for member in wanted {
                let here = path.isEmpty ? member.key : path + "." + member.key
                guard let value = got[member.key] else {
                    if case .string(let text) = member.value, JsonUnitPlaceholder(text) == .ignore { continue }
                    return "variable `\(here)` is missing (expected \(member.value.jsonText()))"
                }
                if let difference = firstDifference(member.value, value, path: here) { return difference }
            }
            if let extra = got.members.first(where: { wanted[$0.key] == nil }) {
                let here = path.isEmpty ? extra.key : path + "." + extra.key
                return "the request also sends variable `\(here)` = \(extra.value.jsonText())"
            }
            return nil
        case let (.array(wanted), .array(got)):
            for (index, item) in wanted.enumerated() where index < got.count {
                if let difference = firstDifference(item, got[index], path: path + "[\(index)]") { return difference }
            }
            if wanted.count != got.count {
                return "\(name) has \(wanted.count) item(s) in the stub, \(got.count) in the request"
            }
            return nil
        default:
            return expected == sent ? nil : "\(name) expected \(expected.jsonText()), got \(sent.jsonText())"
        }
    }
}
