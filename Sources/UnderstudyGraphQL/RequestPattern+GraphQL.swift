public import Understudy
public import UnderstudyJSON

extension RequestPattern {
    /// The GraphQL request the body must hold (WireMock's `graphql-body-matcher` custom
    /// matcher), when constrained: this pattern's ``RequestPattern/customMatcher`` when it is a
    /// ``GraphQLPattern``.
    public var graphQL: GraphQLPattern? {
        get { customMatcher?.value(as: GraphQLPattern.self) }
        set { customMatcher = newValue.map(CustomMatcher.init) }
    }

    /// `POST` to `urlPath` (`/graphql` unless given) with a GraphQL body as
    /// wiremock-graphql-extension matches it (see ``GraphQLPattern``):
    /// ```swift
    /// mock.stub(.graphQL(operation: "HeroName", query: "query HeroName { hero { name } }"),
    ///           .ok.json(["data": ["hero": ["name": "R2-D2"]]]))
    /// ```
    /// A `nil` `operation` or `variables` requires the request to send none; Apollo iOS always
    /// sends the operation name.
    public static func graphQL(operation: String? = nil, query: String, variables: JSONValue? = nil,
                               urlPath: String = "/graphql") -> RequestPattern {
        RequestPattern.post(urlPath: urlPath).graphQL(operation: operation, query: query, variables: variables)
    }

    /// Adds a GraphQL body constraint to a pattern:
    /// `.post(urlPath: "/api").graphQL(operation: "HeroName", query: "query HeroName { hero { name } }")`.
    public func graphQL(operation: String? = nil, query: String, variables: JSONValue? = nil) -> RequestPattern {
        graphQL(GraphQLPattern(query: query, variables: variables, operationName: operation))
    }

    /// Adds a GraphQL body constraint built as a ``GraphQLPattern``.
    public func graphQL(_ pattern: GraphQLPattern) -> RequestPattern {
        var copy = self
        copy.graphQL = pattern
        return copy
    }
}
