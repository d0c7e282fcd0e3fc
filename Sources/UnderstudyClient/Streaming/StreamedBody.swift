public import Foundation

/// A response body that arrives over time: an `AsyncSequence` of the chunks in the order and
/// at the times the server sends them (server-sent events, NDJSON, a slow download), with a
/// ``lines`` view for line-based formats.
///
/// ``HTTPClient/stream(for:)`` returns one once the response head has arrived:
/// ```swift
/// let (body, response) = try await client.stream(for: URLRequest(url: URL(string: "https://api.example.com/events")!))
/// for try await line in body.lines {
///     if line.hasPrefix("data: ") { print(line.dropFirst(6)) }
/// }
/// ```
///
/// The body ends when the response does; a response cut mid-way (a `URLError` such as
/// `.networkConnectionLost`) is thrown after the chunks that arrived before it. Stopping the
/// iteration (leaving the loop, or cancelling the task) stops the producer; iterating in a
/// cancelled task throws `CancellationError` instead of ending as if the body were whole.
/// Iterate a body once.
public struct StreamedBody: AsyncSequence, Sendable {
    /// A chunk: the bytes that arrived together (one part of a timed body, in process).
    public typealias Element = Data
    /// A transport error (`URLError`), or `CancellationError` when the task was cancelled.
    public typealias Failure = any Error

    private let chunks: AsyncThrowingStream<Data, any Error>

    /// A body of the chunks `chunks` yields.
    public init(_ chunks: AsyncThrowingStream<Data, any Error>) {
        self.chunks = chunks
    }

    /// A body that is already whole: one chunk (none when `data` is empty).
    public init(_ data: Data) {
        self.init(AsyncThrowingStream { continuation in
            if !data.isEmpty { continuation.yield(data) }
            continuation.finish()
        })
    }

    /// An iterator over the chunks; iterate a body once.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: chunks.makeAsyncIterator())
    }

    /// The body's lines, decoded as UTF-8 (see ``Lines``).
    public var lines: Lines { Lines(body: self) }

    /// Every chunk joined, once the body has ended.
    public func collect() async throws -> Data {
        var data = Data()
        for try await chunk in self { data.append(chunk) }
        return data
    }

    /// Hands out the chunks in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Data, any Error>.AsyncIterator

        /// The next chunk once it has arrived, or `nil` when the body has ended.
        public mutating func next() async throws -> Data? {
            let chunk: Data?
            do {
                chunk = try await base.next()
            } catch {
                // The transport's own report of the cancellation (`URLError.cancelled`) may
                // arrive first; a cancelled iteration throws one error whatever the transport.
                try Task.checkCancellation()
                throw error
            }
            // A stream ends quietly when its task is cancelled; say so rather than passing a
            // cut body off as a whole one.
            if chunk == nil { try Task.checkCancellation() }
            return chunk
        }
    }
}
