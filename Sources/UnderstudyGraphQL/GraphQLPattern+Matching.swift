import Foundation
package import Understudy


/// GraphQL matching on the core's matcher seam: the three parts wiremock-graphql-extension
/// aggregates, each a field of its own (`GraphQL query`, `GraphQL variables`, `GraphQL
/// operationName`), graded and explained in near-miss reports. The body is read once, and only
/// when a part is matched.
extension GraphQLPattern: RequestMatcherExtension {
    package var summary: String { "GraphQL \(description)" }

    package var problems: [String] {
        syntaxError.map { ["the GraphQL query does not parse: \($0)"] } ?? []
    }

    package func evaluate(_ request: RecordedRequest, _ fields: inout MatcherFields) {
        var read: GraphQLRequest?
        func sent() -> GraphQLRequest {
            if let read { return read }
            let parsed = GraphQLRequest(body: request.body)
            read = parsed
            return parsed
        }
        fields.check("GraphQL query", expected: expectedQueryText, actual: { Self.sentQueryText(sent()) },
                     explanation: { queryMissExplanation(sent()) }) {
            matchQuery(sent())
        }
        fields.check("GraphQL variables", expected: expectedVariablesText, actual: { Self.sentVariablesText(sent()) },
                     explanation: { variablesMissExplanation(sent()) }) {
            matchVariables(sent())
        }
        fields.check("GraphQL operationName", expected: expectedOperationNameText,
                     actual: { Self.sentOperationNameText(sent()) },
                     explanation: { operationNameMissExplanation(sent()) }) {
            matchOperationName(sent())
        }
    }
}

extension MappingExtensions {
    /// GraphQL matching (`"customMatcher": {"name": "graphql-body-matcher", …}`).
    public static let graphQL = MappingExtensions(matchers: [GraphQLPattern.self])
}
