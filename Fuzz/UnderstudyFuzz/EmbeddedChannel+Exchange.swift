import Foundation
import NIOCore
import NIOEmbedded

extension EmbeddedChannel {
    /// Feeds `input` to a connected channel half at a time (so messages split across reads are
    /// exercised too), runs delays, dribbled chunks and timeouts to the end, closes it, and
    /// returns every byte the connection wrote back.
    func exchange(_ input: Data) -> Data {
        var output = Data()
        func drain() {
            while let buffer = try? readOutbound(as: ByteBuffer.self) {
                output.append(contentsOf: buffer.readableBytesView)
            }
        }
        let middle = input.count / 2
        for part in [input.prefix(middle), input.dropFirst(middle)] where !part.isEmpty {
            _ = try? writeInbound(allocator.buffer(bytes: part))
            drain()
        }
        embeddedEventLoop.advanceTime(by: .minutes(5))
        drain()
        _ = try? finish(acceptAlreadyClosed: true)
        return output
    }
}
