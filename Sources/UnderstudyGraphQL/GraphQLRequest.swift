import UnderstudyGraphQLSyntax
import Understudy
import Foundation
import UnderstudyJSON

/// What a GraphQL client sent, read as wiremock-graphql-extension reads it: the body is a JSON
/// object (read leniently, as WireMock's Jackson mapper reads it) (Apollo's `{"query": …, "variables": …, "operationName": …}`); `variables` and
/// `operationName` that are missing or `null` are absent. A `GET` with the query in the URL is
/// not read (the extension only reads the body).
struct GraphQLRequest {
    /// The query as sent and, when it parses, its normalised document.
    enum Query {
        /// The body is not a JSON object with a `query` string; the reason says what it is.
        case unreadable(String)
        /// The query does not parse.
        case invalid(String, GraphQLSyntaxError)
        /// The query, normalised.
        case parsed(GraphQLDocument)
    }

    let query: Query
    /// `nil` when absent or `null`.
    let variables: JSONValue?
    /// `nil` when absent or `null`; any other value when it is there.
    let operationName: JSONValue?

    init(body: Data) {
        guard !body.isEmpty else {
            self.init(unreadable: "(not a GraphQL request: the body is empty; graphql-body-matcher reads a POST body {\"query\": …})")
            return
        }
        // WireMock's `Json.read`, which the extension calls, reads comments and single quotes.
        guard case .object(let object)? = try? JSONParser.parseLeniently(body) else {
            self.init(unreadable: "(not a GraphQL request: the body is not a JSON object)")
            return
        }
        let variables = Self.present(object["variables"])
        let operationName = Self.present(object["operationName"])
        guard case .string(let text)? = object["query"] else {
            self.init(query: .unreadable(object["query"] == nil
                ? "(not a GraphQL request: the JSON body has no \"query\"; a persisted-query request that sends only a hash cannot match)"
                : "(not a GraphQL request: \"query\" is not a string)"),
                variables: variables, operationName: operationName)
            return
        }
        let query: Query
        do throws(GraphQLSyntaxError) {
            query = .parsed(try GraphQLParser.parse(text).normalized())
        } catch {
            query = .invalid(text, error)
        }
        self.init(query: query, variables: variables, operationName: operationName)
    }

    /// A member's value, or `nil` when it is missing or `null` (which Jackson reads as absent).
    private static func present(_ value: JSONValue?) -> JSONValue? {
        switch value {
        case .none, .null?: nil
        case let value?: value
        }
    }

    private init(unreadable reason: String) {
        self.init(query: .unreadable(reason), variables: nil, operationName: nil)
    }

    private init(query: Query, variables: JSONValue?, operationName: JSONValue?) {
        self.query = query
        self.variables = variables
        self.operationName = operationName
    }

    /// Whether the body is a JSON object with a `query` string (parsed or not). The extension
    /// fails all three comparisons when it is not.
    var isReadable: Bool {
        if case .unreadable = query { return false }
        return true
    }
}
