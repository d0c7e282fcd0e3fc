public import Foundation
public import Understudy

extension OpenAPIOperation {
    /// Every way a response disagrees with this operation: an undocumented status, a
    /// `Content-Type` not documented for the status, a body that does not fit the schema.
    public func violations(ofResponseStatus status: Int, headers: HTTPHeaders, body: Data) -> [OpenAPIViolation] {
        responseViolations(status: status, headers: headers, body: body)
    }

    /// As ``violations(ofResponseStatus:headers:body:)``; a `nil` body (a template) is not checked.
    func responseViolations(status: Int, headers: HTTPHeaders, body: Data?) -> [OpenAPIViolation] {
        guard let documented = response(forStatus: status) else {
            let known = responses.map(\.status).joined(separator: ", ")
            return [OpenAPIViolation(kind: .undocumentedStatus, operation: label, subject: "response status",
                                     message: "\(status) is not documented; the operation documents \(known.isEmpty ? "no responses" : known)")]
        }
        let headerViolations = Self.headerViolations(of: headers, against: documented, operation: label)
        guard !documented.content.isEmpty else { return headerViolations }
        guard body?.isEmpty == false || headers["Content-Type"] != nil else {
            // An empty body with no media type: fine for responses that may have none (HEAD, 204-like).
            return headerViolations
        }
        let contentType = headers["Content-Type"] ?? ""
        guard let media = documented.mediaType(for: contentType) else {
            let known = documented.content.map(\.contentType).joined(separator: ", ")
            return headerViolations + [OpenAPIViolation(kind: .undocumentedContentType, operation: label, subject: "response Content-Type",
                                     message: "\(contentType.isEmpty ? "(none)" : contentType) is not documented for \(documented.status); it documents \(known)")]
        }
        guard let body else { return headerViolations }
        return headerViolations + OpenAPIBodyCheck.violations(of: body, media: media, kind: .invalidResponseBody, operation: label, subject: "response body")
    }

    /// Required headers the response lacks, and headers that do not fit their schemas.
    private static func headerViolations(of headers: HTTPHeaders, against documented: OpenAPIResponse, operation: String) -> [OpenAPIViolation] {
        documented.headers.flatMap { header -> [OpenAPIViolation] in
            let values = headers.values(for: header.name)
            let subject = "response header \(header.name)"
            guard !values.isEmpty else {
                return header.required
                    ? [OpenAPIViolation(kind: .invalidResponseHeader, operation: operation, subject: subject, message: "required, but the response has none")]
                    : []
            }
            guard let schema = header.schema else { return [] }
            return schema.validate(OpenAPIParameterCoercion.value(of: values, for: header)).map {
                OpenAPIViolation(kind: .invalidResponseHeader, operation: operation, subject: subject, failure: $0)
            }
        }
    }
}
