import Foundation
public import UnderstudyClient
import UnderstudyJSON

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

    /// For each stub, routes and stubs loaded from mappings alike, how many responses it
    /// defines and how many requests it answered, in the order the stubs were added.
    ///
    /// ```swift
    /// let mock = try HTTPMock(loadingMappingsFrom: MappingsRoot(URL(fileURLWithPath: "Tests/Fixtures")))
    /// // ... run the test ...
    /// print(mock.callReport())
    /// // GET /users/{id}: 1 response(s) defined, 2 request(s) arrived
    /// // "Create a pet" POST /pets: 1 response(s) defined, 0 request(s) arrived
    /// // unmatched: 0 request(s)
    /// ```
    public func callReport() -> CallReport {
        CallReport(
            entries: stubMappings.sorted { callOrder($0) < callOrder($1) }.map { mapping in
                CallReport.Entry(route: Self.label(mapping),
                                 responsesDefined: mapping.metadata?["understudy.responses"]?.intValue ?? 1,
                                 requestsArrived: callCount(ofStub: mapping.id))
            },
            unmatchedRequests: unmatchedRequests.count)
    }

    /// A route's own label (`GET /users/{id}`); for another stub its name, if any, in quotes,
    /// then its method and URL (`"Create a pet" POST /pets`, `ANY urlPattern /a.*`).
    private static func label(_ mapping: StubMapping) -> String {
        if let route = mapping.metadata?["understudy.route"]?.stringValue { return route }
        let url = mapping.request.url
        let target: String = switch url.key {
        case nil: "any URL"
        case "url"?, "urlPath"?, "urlPathTemplate"?: url.value ?? ""
        case let key?: "\(key) \(url.value ?? "")"
        }
        let line = "\(mapping.request.methods?.description ?? mapping.request.method.rawValue) \(target)"
        return mapping.name.map { "\"\($0)\" \(line)" } ?? line
    }

    private func callOrder(_ mapping: StubMapping) -> Int { insertionOrder(ofStub: mapping.id) ?? .max }

    /// `/users/:id` → `/users/{id}`.
    private static func template(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
        }.joined(separator: "/")
    }
}
