import Foundation

extension HTTPMock {
    /// Adds a route answered by a closure that gets the request (with helpers and path
    /// parameters) and the 1-based number of calls so far. `{id}` and `:id` segments are
    /// path parameters.
    ///
    /// ```swift
    /// mock.route("/login", method: .post) { request, callCount in
    ///     callCount == 1 ? .unauthorized : .ok.json(["token": "t"])
    /// }
    /// ```
    @discardableResult
    public func route(
        _ path: String,
        method: HTTPMethod = .any,
        priority: Int? = nil,
        _ respond: @escaping @Sendable (_ request: RouteRequest, _ callCount: Int) -> ResponseDefinition
    ) -> StubMapping {
        let template = Self.template(path)
        let url: URLPattern = template.contains("{") ? .urlPathTemplate(template) : .urlPath(template)
        let parsed = try? PathTemplate(template)
        var mapping = StubMapping(priority: priority, request: RequestPattern(method: method, url: url), response: .dynamic(DynamicResponder { request, count in
            respond(RouteRequest(recorded: request, pathParameters: parsed?.match(request.path) ?? [:]), count)
        }))
        mapping.metadata = ["understudy.route": .string("\(method == .any ? "ANY" : method.rawValue) \(template)"), "understudy.responses": 1]
        return stub(mapping)
    }

    /// Adds a route answering with `responses` in turn; the last one repeats. A route given no
    /// responses answers 500 saying so.
    @discardableResult
    public func route(_ path: String, method: HTTPMethod = .any, priority: Int? = nil, responses: [ResponseDefinition]) -> StubMapping {
        let answers = responses.isEmpty
            ? [ResponseDefinition(status: 500, headers: ["Content-Type": "text/plain; charset=utf-8"],
                                  body: .text("The route \(path) was given no responses; pass at least one to route(_:method:priority:responses:).\n"))]
            : responses
        var mapping = route(path, method: method, priority: priority) { _, count in answers[min(count, answers.count) - 1] }
        mapping.metadata?["understudy.responses"] = .number(JSONNumber(responses.count))
        return stub(mapping)
    }

    /// Answers requests no stub matched with `respond` instead of the near-miss 404. They stay
    /// unmatched in the journal (and in ``callReport()``).
    public func onUnmatched(_ respond: @escaping @Sendable (RecordedRequest) -> ResponseDefinition) {
        setUnmatchedResponder(respond)
    }

    /// For each route, how many responses were defined and how many requests arrived.
    public func callReport() -> CallReport {
        let routes = stubMappings.filter { $0.metadata?["understudy.route"] != nil }
            .sorted { callOrder($0) < callOrder($1) }
        return CallReport(
            entries: routes.map { mapping in
                CallReport.Entry(route: mapping.metadata?["understudy.route"]?.stringValue ?? "",
                                 responsesDefined: mapping.metadata?["understudy.responses"]?.intValue ?? 1,
                                 requestsArrived: callCount(ofStub: mapping.id))
            },
            unmatchedRequests: unmatchedRequests.count)
    }

    private func callOrder(_ mapping: StubMapping) -> Int { insertionOrder(ofStub: mapping.id) ?? .max }

    /// `/users/:id` → `/users/{id}`.
    private static func template(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
        }.joined(separator: "/")
    }
}
