public import Foundation
public import UnderstudyJSON

/// One part of a timed body (NDJSON, progressive JSON, a slow download), written as its own
/// chunk after its pause.
///
/// ```swift
/// mock.stub(.get(urlPath: "/progress"), .ok.chunks([
///     .json(["done": 1]), .text("\n"),
///     .json(["done": 2], after: .milliseconds(50)), .text("\n"),
/// ]))
/// ```
public struct BodyChunk: Sendable, Hashable {
    /// The chunk's content: text, a JSON document or bytes.
    public internal(set) var body: ResponseBody
    /// The pause before this chunk, counted from the previous one (or from the head).
    public var delay: Duration

    /// A chunk of `body` after `delay`; only text, JSON and bytes are chunks, so this stays
    /// internal and the public constructors below say which.
    init(_ body: ResponseBody, after delay: Duration = .zero) {
        self.body = body
        self.delay = delay
    }

    /// A chunk of text (sent as UTF-8).
    public static func text(_ text: String, after delay: Duration = .zero) -> BodyChunk { BodyChunk(.text(text), after: delay) }

    /// A chunk holding a JSON document, written compactly.
    public static func json(_ json: JSONValue, after delay: Duration = .zero) -> BodyChunk { BodyChunk(.json(json), after: delay) }

    /// A chunk of bytes.
    public static func bytes(_ data: Data, after delay: Duration = .zero) -> BodyChunk { BodyChunk(.binary(data), after: delay) }
}
