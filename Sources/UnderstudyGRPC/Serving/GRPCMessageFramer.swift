/// gRPC's length-prefixed messages: a compression flag byte, a four-byte big-endian length,
/// then the message. Reads them out of a stream's body as its parts arrive, and frames answers.
package struct GRPCMessageFramer {
    /// Why the bytes read are not a stream of messages this server can take.
    package enum Failure: Error, Equatable {
        /// A message was compressed (the server offers no `grpc-accept-encoding`).
        case compressed
        /// A message's length is more than the limit.
        case tooLarge(Int)
        /// A flag byte other than 0 or 1.
        case malformed
    }

    private var buffer: [UInt8] = []
    private let maxMessageBytes: Int

    package init(maxMessageBytes: Int) { self.maxMessageBytes = maxMessageBytes }

    /// Whether bytes of an unfinished message are waiting (a stream that ends then is cut short).
    package var hasPartialMessage: Bool { !buffer.isEmpty }

    /// Adds `bytes` and returns every message now complete.
    package mutating func append(_ bytes: some Sequence<UInt8>) throws(Failure) -> [[UInt8]] {
        buffer.append(contentsOf: bytes)
        var messages: [[UInt8]] = []
        var start = 0
        while buffer.count - start >= 5 {
            let flag = buffer[start]
            guard flag <= 1 else { throw .malformed }
            guard flag == 0 else { throw .compressed }
            let length = Int(buffer[start + 1]) << 24 | Int(buffer[start + 2]) << 16 | Int(buffer[start + 3]) << 8 | Int(buffer[start + 4])
            guard length <= maxMessageBytes else { throw .tooLarge(length) }
            guard buffer.count - start - 5 >= length else { break }
            messages.append(Array(buffer[(start + 5)..<(start + 5 + length)]))
            start += 5 + length
        }
        if start > 0 { buffer.removeFirst(start) }
        return messages
    }

    /// `message` with its five-byte prefix (uncompressed).
    package static func frame(_ message: [UInt8]) -> [UInt8] {
        let length = UInt32(message.count)
        return [0, UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + message
    }
}
