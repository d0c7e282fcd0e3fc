public import Foundation

/// One WebSocket message, as a client sent it or as the mock sends it: the payload of a text
/// frame or of a binary frame (after reassembling fragments).
public enum WebSocketMessage: Sendable, Hashable {
    /// A text frame's UTF-8 text.
    case text(String)
    /// A binary frame's bytes.
    case binary(Data)

    /// The payload's bytes (UTF-8 for text).
    public var data: Data {
        switch self {
        case .text(let text): Data(text.utf8)
        case .binary(let data): data
        }
    }

    /// The payload as text: a text frame's text, a binary frame's bytes read as UTF-8 (as
    /// WireMock reads every message for string patterns and `{{message.body}}`).
    public var text: String {
        switch self {
        case .text(let text): text
        case .binary(let data): String(decoding: data, as: UTF8.self)
        }
    }

    /// Whether the message travels in a binary frame.
    public var isBinary: Bool {
        if case .binary = self { return true }
        return false
    }
}
