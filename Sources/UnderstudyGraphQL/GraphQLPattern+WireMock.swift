package import Understudy
public import UnderstudyJSON
import UnderstudySupport

extension GraphQLPattern {
    /// The pattern as WireMock's `customMatcher` object:
    /// `{"name": "graphql-body-matcher", "parameters": {"query": …, "variables": …, "operationName": …}}`,
    /// absent parts left out (as `GraphqlBodyMatcher.parameters` writes them).
    public var wireMockJSON: JSONValue { CustomMatcher(self).wireMockJSON }

    /// The `parameters` of the `customMatcher` object.
    package var wireMockParameters: JSONObject {
        var parameters: JSONObject = ["query": .string(query)]
        if let variables { parameters["variables"] = variables }
        if let operationName { parameters["operationName"] = .string(operationName) }
        return parameters
    }

    /// Decodes a request's `customMatcher` named `graphql-body-matcher` (the core has checked
    /// the name). A query that does not parse is refused with its line and column (WireMock
    /// would load the stub and never match it).
    package init(wireMockCustomMatcher reader: JSONReader) throws {
        guard let parameters = reader.member("parameters") else {
            throw reader.error("missing required field \"parameters\": graphql-body-matcher needs {\"query\": \"…\"} and optionally \"variables\" and \"operationName\"")
        }
        for (key, _) in try parameters.members() where !["query", "variables", "operationName"].contains(key) {
            parameters.warn(at: key, "\(quoted(key)) is ignored: graphql-body-matcher reads only \"query\", \"variables\" and \"operationName\"")
        }
        let query = try parameters.requiredString("query")
        self.init(query: query,
                  variables: parameters.member("variables")?.value,
                  operationName: try parameters.optionalString("operationName"))
        if let error = syntaxError, let member = parameters.member("query") {
            throw member.error("the GraphQL query does not parse: \(error) (line and column within the query); WireMock would load this stub and never match it")
        }
        if operationName == nil, let named = namedOperation {
            parameters.warn("no \"operationName\": graphql-body-matcher then matches only requests that send none, and Apollo iOS always sends one; add \"operationName\": \(quoted(named)) unless the client leaves it out")
        }
    }
}
