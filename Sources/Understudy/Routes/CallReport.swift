/// For each stub (routes and loaded mappings alike), how many responses it defines and how
/// many requests it answered.
public struct CallReport: Sendable, Hashable, CustomStringConvertible {
    /// One stub's line.
    public struct Entry: Sendable, Hashable {
        /// `GET /users/{id}` for a route; for another stub its name in quotes, if it has one,
        /// then its method and URL: `"Create a pet" POST /pets`.
        public let route: String
        /// How many responses the stub defines (1 for a handler closure or a static answer).
        public let responsesDefined: Int
        /// How many requests it answered.
        public let requestsArrived: Int
    }

    /// The stubs, in the order they were added.
    public let entries: [Entry]
    /// Requests no route or stub answered.
    public let unmatchedRequests: Int

    /// One line per stub, then the unmatched count:
    /// ```
    /// GET /users/{id}: 1 response(s) defined, 2 request(s) arrived
    /// unmatched: 0 request(s)
    /// ```
    public var description: String {
        (entries.map { "\($0.route): \($0.responsesDefined) response(s) defined, \($0.requestsArrived) request(s) arrived" }
            + ["unmatched: \(unmatchedRequests) request(s)"]).joined(separator: "\n")
    }
}
