import Foundation
import Understudy
import UnderstudyOpenAPI

/// What `serve --openapi … --validate` writes for each request that, or whose answer (a stub's
/// or a proxied backend's), violates the document: one line for the request, one per violation,
/// on standard error.
struct OpenAPITrafficConsole: Sendable {
    let document: OpenAPIDocument
    let mock: HTTPMock

    func check(_ event: ServeEvent) {
        let lines = Self.lines(for: event, document: document) { try mock.bodyData(for: $0) }
        guard !lines.isEmpty else { return }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// The lines for one event; empty when it agrees with the document.
    static func lines(for event: ServeEvent, document: OpenAPIDocument, bodyData: (ResponseDefinition) throws -> Data) -> [String] {
        let violations = event.wasMatched ? document.violations(of: event, bodyData: bodyData) : document.violations(of: event.request)
        guard !violations.isEmpty else { return [] }
        return ["understudy: openapi: \(event.request.method.rawValue) \(event.request.url) → \(event.status) violates \(document.source)"]
            + violations.map { "  ✗ \($0)" }
    }
}
