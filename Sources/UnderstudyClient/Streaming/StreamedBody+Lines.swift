import Foundation

extension StreamedBody {
    /// A streamed body's lines: each line as soon as its end has arrived, decoded as UTF-8
    /// without its terminator (`\n`, `\r\n` or `\r`, as server-sent events allow).
    ///
    /// Lines are cut on whole bytes, never inside a character, so a multi-byte character split
    /// between two chunks comes out whole. Empty lines are kept (unlike `URLSession.AsyncBytes`'s
    /// `lines` on Apple platforms): in server-sent events an empty line ends an event. A last
    /// line with no terminator is handed out when the body ends.
    /// ```swift
    /// for try await line in body.lines where line.hasPrefix("data: ") {
    ///     handle(line.dropFirst(6))
    /// }
    /// ```
    public struct Lines: AsyncSequence, Sendable {
        /// A line, decoded as UTF-8, without its terminator.
        public typealias Element = String
        /// The body's error, thrown once the lines before it have been handed out.
        public typealias Failure = any Error

        let body: StreamedBody

        /// An iterator over the lines; iterate them once.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(chunks: body.makeAsyncIterator())
        }

        /// Hands out the lines in order.
        public struct AsyncIterator: AsyncIteratorProtocol {
            var chunks: StreamedBody.AsyncIterator
            /// Bytes received and not yet handed out as a line.
            var pending: [UInt8] = []
            /// Where in `pending` to go on looking for a terminator.
            var scanned = 0
            /// The body has ended; `pending` is all there is.
            var ended = false
            /// The last line ended in `\r`, so a `\n` starting the next chunk belongs to it.
            var skipsLineFeed = false

            /// The next line once its end (or the body's) has arrived, or `nil` after the last.
            public mutating func next() async throws -> String? {
                while true {
                    if skipsLineFeed, let first = pending.first {
                        skipsLineFeed = false
                        if first == UInt8(ascii: "\n") {
                            pending.removeFirst()
                            scanned = 0
                        }
                    }
                    if let line = nextLine() { return line }
                    if ended {
                        guard !pending.isEmpty else { return nil }
                        defer {
                            pending.removeAll()
                            scanned = 0
                        }
                        return String(decoding: pending, as: UTF8.self)
                    }
                    if let chunk = try await chunks.next() {
                        pending.append(contentsOf: chunk)
                    } else {
                        ended = true
                    }
                }
            }

            /// The first whole line in `pending`, removed from it with its terminator.
            private mutating func nextLine() -> String? {
                guard let index = pending[Swift.min(scanned, pending.count)...].firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else {
                    scanned = pending.count
                    return nil
                }
                let line = String(decoding: pending[..<index], as: UTF8.self)
                let isCarriageReturn = pending[index] == UInt8(ascii: "\r")
                var end = index + 1
                if isCarriageReturn {
                    if end < pending.count {
                        if pending[end] == UInt8(ascii: "\n") { end += 1 }
                    } else if !ended {
                        // Maybe the first half of a `\r\n` split between chunks.
                        skipsLineFeed = true
                    }
                }
                pending.removeFirst(end)
                scanned = 0
                return line
            }
        }
    }
}
