import Foundation
import Understudy

/// Checks a body against a media type's schema. JSON media types are parsed and validated; a
/// schema on another media type is checked when the body is a plain string (`text/plain`).
enum OpenAPIBodyCheck {
    static func violations(of body: Data, media: OpenAPIMediaType, kind: OpenAPIViolation.Kind, operation: String?, subject: String) -> [OpenAPIViolation] {
        guard let schema = media.schema else { return [] }
        let value: JSONValue
        if media.isJSON {
            do {
                value = try JSONValue(parsing: body)
            } catch {
                return [OpenAPIViolation(kind: kind, operation: operation, subject: subject,
                                         message: "\(media.contentType) documented, but the body is not JSON (\(error))")]
            }
        } else if OpenAPIMediaType.essence(media.contentType).hasPrefix("text/") {
            value = .string(String(decoding: body, as: UTF8.self))
        } else {
            return []
        }
        return schema.validate(value).map { OpenAPIViolation(kind: kind, operation: operation, subject: subject, failure: $0) }
    }
}
