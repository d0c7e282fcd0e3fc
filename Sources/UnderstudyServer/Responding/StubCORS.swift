import Understudy

/// CORS on stub responses (WireMock's `--enable-stub-cors`): what Jetty's `CrossOriginFilter`
/// does as WireMock 3.13.2 sets it up (`jetty11/Jetty11HttpServer.java`, `buildCorsFilter`:
/// any origin, any header, methods `OPTIONS,GET,POST,PUT,PATCH,DELETE`, credentials allowed,
/// preflights answered by the filter without reaching the stubs). Requests without an
/// `Origin` header are left alone; the admin API never gets these headers.
enum StubCORS {
    static let allowedMethods = ["OPTIONS", "GET", "POST", "PUT", "PATCH", "DELETE"]

    /// The answer to a preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`),
    /// or `nil` when the request is not one. A method outside the allowed ones gets a 200 with
    /// no CORS headers, which browsers read as a refusal.
    static func preflightAnswer(to request: RecordedRequest) -> ResponseDefinition? {
        guard request.method == .options, let origin = request.headers["Origin"],
              let method = request.headers["Access-Control-Request-Method"] else { return nil }
        guard allowedMethods.contains(method.uppercased()) else { return ResponseDefinition(status: 200) }
        var headers: HTTPHeaders = [
            "Access-Control-Allow-Origin": origin,
            "Access-Control-Allow-Credentials": "true",
            "Access-Control-Max-Age": "1800",
            "Access-Control-Allow-Methods": allowedMethods.joined(separator: ","),
        ]
        if let requested = request.headers["Access-Control-Request-Headers"] { headers.add(name: "Access-Control-Allow-Headers", value: requested) }
        return ResponseDefinition(status: 200, headers: headers)
    }

    /// Adds the headers of an actual cross-origin request to a planned answer: the origin
    /// allowed, with credentials. Proxied answers are left as upstream gives them.
    static func decorate(_ plan: inout ResponsePlan, for request: RecordedRequest) {
        guard let origin = request.headers["Origin"], case .respond(var head, let body) = plan.action else { return }
        head.headers.replaceOrAdd(name: "Access-Control-Allow-Origin", value: origin)
        head.headers.replaceOrAdd(name: "Access-Control-Allow-Credentials", value: "true")
        plan.action = .respond(head, body)
    }
}
