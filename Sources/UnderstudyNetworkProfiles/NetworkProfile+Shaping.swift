import Foundation
package import Understudy
import UnderstudySupport

extension NetworkProfile {
    /// The largest piece of data one lost packet stands for (a TCP segment on Ethernet).
    static let packetBytes = 1_460

    /// The plan as a client on this network would see it:
    /// - before the answer: the request's head and body crossing the uplink (its delay, jitter,
    ///   bandwidth and losses), then the downlink's delay and jitter, and the response head
    ///   crossing the downlink;
    /// - the body in parts of about 50 ms of downlink bandwidth each, every part due when the
    ///   link would have delivered it: a stream's own pauses still count (a part is never early),
    ///   and a part waits for the one before it to finish crossing;
    /// - each lost packet costs one round trip (the sender's fast retransmit);
    /// - a ``Cut`` ends the body after its byte count, and 100 % loss answers nothing: the
    ///   request stalls for ``stallLimit``, then the connection is reset.
    ///
    /// A fault or a proxied request gets the delays before the answer only; a proxied
    /// answer is relayed as upstream sends it.
    /// - Parameters:
    ///   - request: the request, whose size crosses the uplink.
    ///   - sequence: the request's place in the journal, which with ``seed`` fixes the draws.
    package func shape(_ plan: ResponsePlan, for request: RecordedRequest, sequence: Int,
                       using generator: inout some RandomNumberGenerator) -> ResponsePlan {
        if let seed {
            var seeded = SplitMix64(seed: seed &+ UInt64(truncatingIfNeeded: sequence) &* 0x9E37_79B9_7F4A_7C15)
            return shape(plan, for: request, drawingFrom: &seeded)
        }
        return shape(plan, for: request, drawingFrom: &generator)
    }

    private func shape(_ plan: ResponsePlan, for request: RecordedRequest, drawingFrom generator: inout some RandomNumberGenerator) -> ResponsePlan {
        var shaped = plan
        if dropsEverything {
            shaped.delay += stallLimit
            shaped.action = .fault(.connectionResetByPeer)
            return shaped
        }
        let roundTrip = uplink.delay + downlink.delay
        shaped.delay += max(.zero, uplink.delay + draw(jitter, using: &generator))
            + uplink.crossing(Self.size(of: request), roundTrip: roundTrip, using: &generator)
            + max(.zero, downlink.delay + draw(jitter, using: &generator))
        guard case .respond(let head, let body) = plan.action else { return shaped }
        shaped.delay += downlink.crossing(Self.size(of: head), roundTrip: roundTrip, using: &generator)
        shaped.action = .respond(head, paced(cut(body), roundTrip: roundTrip, using: &generator))
        return shaped
    }

    /// The body ended as ``cut`` says, when it has more bytes than the cut lets through.
    private func cut(_ body: TimedBody) -> TimedBody {
        guard let cut else { return body }
        let limit = switch cut {
        case .stall(let bytes), .reset(let bytes): bytes
        }
        var remaining = max(0, limit)
        guard body.parts.reduce(0, { $0 + $1.bytes.count }) > remaining else { return body }
        var parts: [TimedBody.Part] = []
        for part in body.parts {
            guard remaining > 0 else { break }
            parts.append(TimedBody.Part(delay: part.delay, bytes: part.bytes.prefix(remaining)))
            remaining -= min(remaining, part.bytes.count)
        }
        // A stalled connection sends nothing more until it is given up: an empty part after
        // the stall limit, then the reset.
        if case .stall = cut { parts.append(TimedBody.Part(delay: stallLimit, bytes: Data())) }
        return TimedBody(parts: parts, ending: .fault(.connectionResetByPeer), isStream: body.isStream)
    }

    /// The body's parts due when the downlink delivers them (see ``shape(_:for:sequence:using:)``).
    private func paced(_ body: TimedBody, roundTrip: Duration, using generator: inout some RandomNumberGenerator) -> TimedBody {
        guard downlink.bitsPerSecond != nil || downlink.packetLossPercent > 0 else { return body }
        let sliceBytes = downlink.bitsPerSecond.map { min(65_536, max(Self.packetBytes, $0 / 8 / 20)) } ?? Int.max
        var parts: [TimedBody.Part] = []
        var emitted = Duration.zero
        var linkFree = Duration.zero
        var lastDue = Duration.zero
        for part in body.parts {
            emitted += part.delay
            var due = max(emitted, linkFree)
            var start = part.bytes.startIndex
            repeat {
                let end = part.bytes.index(start, offsetBy: min(sliceBytes, part.bytes.endIndex - start))
                due += downlink.crossing(end - start, roundTrip: roundTrip, using: &generator)
                parts.append(TimedBody.Part(delay: due - lastDue, bytes: part.bytes[start..<end]))
                lastDue = due
                start = end
            } while start < part.bytes.endIndex
            linkFree = due
        }
        return TimedBody(parts: parts, ending: body.ending, isStream: body.isStream)
    }

    /// A delay of up to `jitter` either way.
    private func draw(_ jitter: Duration, using generator: inout some RandomNumberGenerator) -> Duration {
        let microseconds = Int(jitter / .microseconds(1))
        guard microseconds > 0 else { return .zero }
        return .microseconds(Int.random(in: -microseconds...microseconds, using: &generator))
    }

    /// The bytes of a request's line, head fields and body on the wire (near enough).
    private static func size(of request: RecordedRequest) -> Int {
        request.headers.reduce(request.url.utf8.count + 16) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 } + request.body.count
    }

    /// The bytes of a response's status line and head fields on the wire (near enough).
    private static func size(of head: ResponseHead) -> Int {
        head.headers.reduce(19) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
    }
}

extension NetworkProfile.Link {
    /// How long `bytes` take to cross this direction: their time at the bandwidth, plus a
    /// round trip for each lost packet. Zero bytes take no time.
    func crossing(_ bytes: Int, roundTrip: Duration, using generator: inout some RandomNumberGenerator) -> Duration {
        guard bytes > 0 else { return .zero }
        var time = Duration.zero
        if let bitsPerSecond, bitsPerSecond > 0 {
            time += .microseconds(Int((Double(bytes) * 8 * 1_000_000 / Double(bitsPerSecond)).rounded(.up)))
        }
        if packetLossPercent > 0 {
            let packets = (bytes + NetworkProfile.packetBytes - 1) / NetworkProfile.packetBytes
            let retransmit = max(roundTrip, .milliseconds(10))
            for _ in 0..<packets where Double.random(in: 0..<100, using: &generator) < packetLossPercent {
                time += retransmit
            }
        }
        return time
    }
}
