public import Foundation
public import UnderstudyJSON

/// WireMock 4's body entity: what a message stub sends (`message.body` of a `send` action),
/// and the object form of a response's `body`.
///
/// Only ``binary(_:)`` travels in a binary frame; text, JSON and files are text frames, as in
/// WireMock 4 (`JettyWebSocketSession`). Inline text and JSON are rendered as templates
/// (`{{message.body}}`, `{{request.path}}`, the helpers) before they are sent.
public enum MessageBody: Sendable, Hashable {
    /// Text (`"body": "text"` or `{"data": "text"}`).
    case text(String)
    /// A JSON document, sent as its compact text (`{"data": {...}}`).
    case json(JSONValue)
    /// Bytes, sent in a binary frame (`{"base64Data": "..."}`, or `"format": "binary"`).
    case binary(Data)
    /// A file under the mappings root's `__files` folder (`{"filePath": "..."}`), sent in a
    /// binary frame when `binary` (`"format": "binary"`), else as text.
    case file(String, binary: Bool)
}
