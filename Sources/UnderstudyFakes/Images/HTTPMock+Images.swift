import Foundation
public import Understudy

extension HTTPMock {
    /// Serves generated PNG images (`image/png`) under a path: `/image`, and also
    /// `/image/anything`. Without a closure, the size and colour come from the query
    /// (`width`, `height`, `color` as hex), defaulting to 64×64 gray.
    ///
    /// ```swift
    /// mock.routeImages(at: "/avatars") { request in ImageProperties(width: 32, height: 32, color: .blue) }
    /// ```
    @discardableResult
    public func routeImages(
        at path: String,
        _ properties: (@Sendable (RouteRequest) -> ImageProperties)? = nil
    ) -> StubMapping {
        let prefix = path.hasSuffix("/") ? String(path.dropLast()) : path
        let stub = StubMapping(request: RequestPattern(method: .get, url: .urlPathPattern(regexEscaped(prefix) + "(/.*)?")),
                               response: .dynamic(DynamicResponder { request, _ in
            let routeRequest = RouteRequest(recorded: request, pathParameters: [:])
            let image = properties?(routeRequest) ?? ImageProperties(
                width: routeRequest.queryParameter("width").flatMap(Int.init) ?? 64,
                height: routeRequest.queryParameter("height").flatMap(Int.init) ?? 64,
                color: routeRequest.queryParameter("color").flatMap(Color.init(hex:)) ?? .gray)
            return ResponseDefinition.ok.header("Content-Type", "image/png").body(PNGEncoder.encode(image))
        }))
        return self.stub(stub)
    }
}

/// Escapes regular-expression metacharacters in a literal path.
private func regexEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
        if "\\^$.|?*+()[]{}".contains(character) { escaped.append("\\") }
        escaped.append(character)
    }
    return escaped
}
