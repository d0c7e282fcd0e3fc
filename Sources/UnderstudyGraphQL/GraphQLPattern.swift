import UnderstudyGraphQLSyntax
import Understudy
public import UnderstudyJSON

/// WireMock's GraphQL matcher (the `customMatcher` named `graphql-body-matcher` of
/// wiremock-graphql-extension 0.9.0): the request body's `query`, compared as a GraphQL
/// document, its `variables`, compared as JSON, and its `operationName`.
///
/// - The query matches when both documents are equal after sorting as graphql-java's
///   `AstSorter` does: whitespace, commas and comments never matter; the order of fields,
///   arguments, variable definitions, directives, input-object fields and definitions does not
///   matter; aliases, argument values, list order and fragment names do. Fragments are not
///   inlined, so a query that uses a fragment does not match one that writes its fields inline.
/// - `variables` compare as `equalToJson` without ignoring array order or extra members.
/// - **A `nil` ``variables`` or ``operationName`` requires the request not to send one.**
///   Apollo iOS always sends `operationName`, so a stub for Apollo needs the operation name:
///   `.graphQL(operation: "HeroName", query: …)`.
///
/// ```swift
/// let mock = HTTPMock()
/// mock.stub(.graphQL(operation: "HeroName", query: "query HeroName($id: ID!) { hero(id: $id) { name } }",
///                    variables: ["id": "1"]),
///           .ok.json(["data": ["hero": ["name": "R2-D2"]]]))
/// ```
public struct GraphQLPattern: Sendable, Hashable {
    /// The name of the matcher in WireMock JSON: `"customMatcher": {"name": "graphql-body-matcher", …}`.
    public static let wireMockName = "graphql-body-matcher"

    /// The query as written.
    public let query: String
    /// The variables the request must send; `nil` requires it to send none (or `null`).
    public let variables: JSONValue?
    /// The operation name the request must send; `nil` requires it to send none (or `null`).
    public let operationName: String?
    /// The query parsed and normalised, or why it does not parse.
    let document: Result<GraphQLDocument, GraphQLSyntaxError>

    /// Creates the pattern. A query that does not parse makes a pattern that matches nothing and
    /// reports the error in ``syntaxError`` (and in `RequestPattern.problems`).
    public init(query: String, variables: JSONValue? = nil, operationName: String? = nil) {
        self.query = query
        if case .null? = variables { self.variables = nil } else { self.variables = variables }
        self.operationName = operationName
        do throws(GraphQLSyntaxError) {
            document = .success(try GraphQLParser.parse(query).normalized())
        } catch {
            document = .failure(error)
        }
    }

    /// Why the query does not parse, with its line and column in the query; `nil` when it parses.
    public var syntaxError: GraphQLSyntaxError? {
        if case .failure(let error) = document { return error }
        return nil
    }

    /// The name of the query's only named operation, if it has exactly one.
    var namedOperation: String? {
        guard case .success(let document) = document else { return nil }
        let names = document.definitions.compactMap { definition -> String? in
            if case .operation(let operation) = definition { return operation.name }
            return nil
        }
        return names.count == 1 ? names[0] : nil
    }

    /// Checks that `query` is a GraphQL executable document (operations and fragments).
    public static func validate(query: String) throws(GraphQLSyntaxError) {
        _ = try GraphQLParser.parse(query)
    }

    /// The query of a request against the stub's.
    func matchQuery(_ request: GraphQLRequest) -> MatchResult {
        guard case .success(let expected) = document, case .parsed(let sent) = request.query else { return .noMatch }
        return expected == sent ? .exactMatch : .partialMatch(distance: expected.distance(to: sent))
    }

    /// The variables of a request against the stub's: JSON equality, or absence when the stub
    /// has none.
    func matchVariables(_ request: GraphQLRequest) -> MatchResult {
        guard request.isReadable else { return .noMatch }
        guard let variables else { return .of(request.variables == nil) }
        guard let sent = request.variables else { return .noMatch }
        return EqualToJsonPattern(expected: variables).match(sent)
    }

    /// The operation name of a request against the stub's: equal, or absent when the stub has none.
    func matchOperationName(_ request: GraphQLRequest) -> MatchResult {
        guard request.isReadable else { return .noMatch }
        guard let sent = request.operationName else { return .of(operationName == nil) }
        guard let operationName, case .string(let name) = sent else { return .noMatch }
        return StringValuePattern.equalTo(operationName).match(name)
    }
}

extension GraphQLPattern: CustomStringConvertible {
    /// `query { hero { name } } variables {"id":1} operationName "HeroName"`, the query normalised;
    /// absent parts say so, since the matcher requires them absent.
    public var description: String {
        "query \(expectedQueryText) variables \(expectedVariablesText) operationName \(expectedOperationNameText)"
    }
}
