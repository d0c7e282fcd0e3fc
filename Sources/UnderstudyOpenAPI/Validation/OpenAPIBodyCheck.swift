import Foundation
import Understudy

/// Checks a body against a media type's schema. JSON media types are parsed and validated, a
/// form (`application/x-www-form-urlencoded`) is read as an object of its fields, and a schema on
/// a `text/*` media type is checked against the body as a string; other media types are not checked.
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
        } else if OpenAPIMediaType.essence(media.contentType) == "application/x-www-form-urlencoded" {
            value = OpenAPIParameterCoercion.formObject(body, schema: schema)
        } else if OpenAPIMediaType.essence(media.contentType).hasPrefix("text/") {
            value = .string(String(decoding: body, as: UTF8.self))
        } else {
            return []
        }
        return schema.validate(value).map { OpenAPIViolation(kind: kind, operation: operation, subject: subject, failure: $0) }
    }
}
