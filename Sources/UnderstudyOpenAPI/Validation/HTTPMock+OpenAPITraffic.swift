public import Foundation
public import Understudy

/// A served request and what about it, or about the answer it got, disagrees with a document.
public struct OpenAPITrafficFinding: Sendable {
    /// The journal entry's id (the request's id).
    public let id: UUID
    /// `GET /pets/abc → 404`.
    public let summary: String
    /// What disagrees: the request's violations first, then the response's.
    public let violations: [OpenAPIViolation]

    /// The finding as JSON: `id`, `request` (the summary) and `violations`.
    public var json: JSONValue {
        ["id": .string(id.uuidString.lowercased()), "request": .string(summary), "violations": .array(violations.map(\.json))]
    }
}

extension OpenAPIDocument {
    /// What about a served request and the answer it got (a stub's, a generated one, or what a
    /// proxied backend sent) disagrees with the document. Empty when both agree.
    ///
    /// - Parameters:
    ///   - event: A journal entry: the request and the answer it got.
    ///   - bodyData: The bytes of the response body (reading `bodyFileName` from a root).
    public func violations(of event: ServeEvent, bodyData: (ResponseDefinition) throws -> Data) -> [OpenAPIViolation] {
        var found = violations(of: event.request)
        guard let operation = operation(method: event.request.method, path: event.request.path) else { return found }
        let response = event.response
        // The mock's own refusals (a validating mock's 400 report, an unknown `Prefer`) are not
        // answers the document describes.
        if event.stub?.metadata?[OpenAPIStubBuilder.metadataKey] != nil,
           !found.isEmpty || response.headers[OpenAPIViolationReport.violationsHeader] != nil {
            return found
        }
        // Templated and dynamic answers are journaled as rendered, so their bodies are checked too.
        let body = try? bodyData(response)
        var headers = response.headers
        if headers["Content-Type"] == nil, case .json = response.body { headers.add(name: "Content-Type", value: "application/json") }
        found += operation.responseViolations(status: response.status, headers: headers, body: body)
        return found
    }
}

extension HTTPMock {
    /// Checks every journaled request, and the answer it got, against the document: how the
    /// code under test, the stubs, or a proxied backend drifted from it. Requests the mock
    /// answered with no stub (404 near misses) are checked as requests only.
    ///
    /// ```swift
    /// let findings = mock.trafficViolations(against: document)
    /// #expect(findings.isEmpty, "\(findings.map(\.summary))")
    /// ```
    public func trafficViolations(against document: OpenAPIDocument) -> [OpenAPITrafficFinding] {
        serveEvents.compactMap { event in
            let violations = event.wasMatched
                ? document.violations(of: event) { try bodyData(for: $0) }
                : document.violations(of: event.request)
            guard !violations.isEmpty else { return nil }
            return OpenAPITrafficFinding(id: event.id, summary: "\(event.request.method.rawValue) \(event.request.url) → \(event.status)",
                                         violations: violations)
        }
    }
}
