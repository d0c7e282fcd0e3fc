/// For each route, how many responses were defined and how many requests arrived.
public struct CallReport: Sendable, Hashable, CustomStringConvertible {
    /// One route's line.
    public struct Entry: Sendable, Hashable {
        /// `GET /users/{id}`
        public let route: String
        /// How many responses the route defines (1 for a handler closure).
        public let responsesDefined: Int
        /// How many requests it answered.
        public let requestsArrived: Int
    }

    /// The routes, in the order they were added.
    public let entries: [Entry]
    /// Requests no route or stub answered.
    public let unmatchedRequests: Int

    /// One line per route, then the unmatched count:
    /// ```
    /// GET /users/{id}: 1 response(s) defined, 2 request(s) arrived
    /// unmatched: 0 request(s)
    /// ```
    public var description: String {
        (entries.map { "\($0.route): \($0.responsesDefined) response(s) defined, \($0.requestsArrived) request(s) arrived" }
            + ["unmatched: \(unmatchedRequests) request(s)"]).joined(separator: "\n")
    }
}
