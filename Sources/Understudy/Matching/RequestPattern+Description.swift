import UnderstudySupport

extension RequestPattern: CustomStringConvertible {
    /// A one-line summary: `GET urlPath "/users/42" with header Accept contains "json"`, or
    /// `operationId equalTo "addPet"` for an operation alone.
    public var description: String {
        var constraints: [String] = []
        if let scheme { constraints.append("scheme \(scheme)") }
        if let host { constraints.append("host \(host)") }
        if let port { constraints.append("port \(port)") }
        if let clientIp { constraints.append("clientIp \(clientIp)") }
        constraints += pathParameters.map { "path parameter \($0.name) \($0.pattern)" }
        constraints += headers.map { "header \($0.name) \($0.pattern)" }
        if let basicAuthCredentials { constraints.append("basic auth username \(quoted(basicAuthCredentials.username))") }
        constraints += queryParameters.map { "query \($0.name) \($0.pattern)" }
        constraints += cookies.map { "cookie \($0.name) \($0.pattern)" }
        constraints += formParameters.map { "form \($0.name) \($0.pattern)" }
        constraints += bodyPatterns.map { "body \($0)" }
        constraints += multipartPatterns.map { "multipart \($0)" }
        if let customMatcher { constraints.append(customMatcher.matcher.summary) }
        var head = "\(methods.map { "method \($0)" } ?? (method == .any ? "any method" : method.rawValue)) \(url)"
        if let operationId {
            // `.operation("addPet")` alone reads as the operation, not as "any method any URL".
            if method == .any, url.key == nil {
                head = "operationId \(operationId)"
            } else {
                constraints.insert("operationId \(operationId)", at: 0)
            }
        }
        return constraints.isEmpty ? head : head + " with " + constraints.joined(separator: ", ")
    }
}
