import Foundation
import UnderstudyJSON

/// A request's or a response's body as a Pact file holds it: JSON, text, or bytes (base64 in
/// v4), with the content type it was sent with.
struct PactBody: Sendable, Hashable {
    enum Content: Sendable, Hashable {
        case json(JSONValue)
        case text(String)
        case binary(Data)
    }

    var content: Content
    /// The `Content-Type` it was sent with, if any.
    var contentType: String?

    init(content: Content, contentType: String?) {
        self.content = content
        self.contentType = contentType
    }

    /// The body of a message whose `Content-Type` is `contentType`; `nil` when it is empty.
    /// A JSON content type (`application/json`, `application/problem+json`) over valid JSON, or
    /// no content type over a JSON object or array, is JSON; valid UTF-8 under a textual or no
    /// content type is text; anything else is bytes.
    init?(data: Data, contentType: String?) {
        guard !data.isEmpty else { return nil }
        self.contentType = contentType
        let media = contentType?.lowercased() ?? ""
        if media.contains("json") || contentType == nil, let json = try? JSONValue(parsing: data) {
            switch json {
            case .object, .array:
                content = .json(json)
                return
            default:
                if contentType != nil {
                    content = .json(json)
                    return
                }
            }
        }
        let textual = contentType == nil || media.hasPrefix("text/") || ["json", "xml", "form-urlencoded", "javascript", "html", "yaml", "csv"]
            .contains { media.contains($0) }
        if textual, let text = String(data: data, encoding: .utf8) {
            content = .text(text)
        } else {
            content = .binary(data)
        }
    }

    /// Whether it is JSON.
    var isJSON: Bool { if case .json = content { true } else { false } }

    /// The bytes it stands for (JSON written compactly).
    var data: Data {
        switch content {
        case .json(let value): value.jsonData()
        case .text(let text): Data(text.utf8)
        case .binary(let data): data
        }
    }

    /// The v4 body object: `{"content": …, "contentType": …, "encoded": false | "base64"}`.
    var v4JSON: JSONValue {
        switch content {
        case .json(let value):
            ["content": value, "contentType": .string(contentType ?? "application/json"), "encoded": false]
        case .text(let text):
            ["content": .string(text), "contentType": .string(contentType ?? "text/plain"), "encoded": false]
        case .binary(let data):
            ["content": .string(data.base64EncodedString()), "contentType": .string(contentType ?? "application/octet-stream"),
             "encoded": "base64"]
        }
    }

    /// The v3 body: bare JSON or text; `nil` for bytes, which v3 cannot hold.
    var v3JSON: JSONValue? {
        switch content {
        case .json(let value): value
        case .text(let text): .string(text)
        case .binary: nil
        }
    }
}
