public import Understudy

/// The violations of one request, as the text of the 400 a validating spec mock answers with
/// (in the style of the near-miss report):
/// ```
/// Request violates petstore.yaml: POST /pets
/// Operation: addPet (POST /pets)
///
///   ✗ request body /name: string expected, got integer 3 (type at #/components/schemas/NewPet/properties/name/type)
/// ```
public struct OpenAPIViolationReport: Sendable, CustomStringConvertible {
    /// The request checked.
    public let request: RecordedRequest
    /// The document's name.
    public let source: String
    /// The operation the request went to, when one fits.
    public let operation: OpenAPIOperation?
    /// What was wrong, in the order found.
    public let violations: [OpenAPIViolation]

    /// Creates a report.
    public init(request: RecordedRequest, source: String, operation: OpenAPIOperation?, violations: [OpenAPIViolation]) {
        self.request = request
        self.source = source
        self.operation = operation
        self.violations = violations
    }

    /// The report as deterministic plain text.
    public var text: String {
        var lines = ["Request violates \(source): \(request.method.rawValue) \(request.url)"]
        if let operation {
            lines.append("Operation: \(operation.operationId.map { "\($0) (\(operation.method.rawValue) \(operation.path))" } ?? operation.label)")
        }
        lines.append("")
        lines += violations.map { "  ✗ \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as text, the same as ``text``.
    public var description: String { text }

    /// The header that marks a refusal as the mock's own (not an answer the document
    /// describes), with the number of violations; Prism's `sl-violations` plays the same part.
    static let violationsHeader = "Understudy-OpenAPI-Violations"

    /// The response carrying the report, with Prism's statuses: 404 when no path of the
    /// document fits, 405 with `Allow` naming the path's methods when the path has no operation
    /// for the method, 401 with a `WWW-Authenticate` challenge per scheme when the request has
    /// none of the credentials the operation's `security` asks for, 400 for anything else.
    /// - Parameter allowedMethods: the methods the request's path documents, for the 405.
    func response(allowedMethods: [HTTPMethod] = []) -> ResponseDefinition {
        var headers: HTTPHeaders = ["Content-Type": "text/plain; charset=utf-8", Self.violationsHeader: "\(violations.count)"]
        let status: Int
        let kinds = violations.map(\.kind)
        switch kinds.contains(.unauthorized) ? [.unauthorized] : kinds {
        case [.unknownPath]:
            status = 404
        case [.methodNotAllowed]:
            status = 405
            headers.add(name: "Allow", value: allowedMethods.map(\.rawValue).joined(separator: ", "))
        case [.unauthorized]:
            status = 401
            for challenge in operation?.security?.challenges(realm: source) ?? [] { headers.add(name: "WWW-Authenticate", value: challenge) }
        default:
            status = 400
        }
        return ResponseDefinition(status: status, headers: headers, body: .text(text))
    }
}
