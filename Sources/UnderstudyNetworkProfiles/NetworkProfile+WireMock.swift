package import Understudy
public import UnderstudyJSON
import Foundation
import UnderstudySupport

extension NetworkProfile {
    private static let knownKeys = [
        "preset", "downlinkKbps", "downlinkDelayMilliseconds", "downlinkPacketLossPercent",
        "uplinkKbps", "uplinkDelayMilliseconds", "uplinkPacketLossPercent",
        "jitterMilliseconds", "stallAfterBytes", "resetAfterBytes", "stallLimitMilliseconds", "seed",
    ]

    /// The profile as mapping JSON (an Understudy extension): a preset's name (`"3G"`) when it
    /// is one unchanged, otherwise an object with every figure.
    public var wireMockJSON: JSONValue {
        if let name, NetworkProfile(presetNamed: name) == self { return .string(name) }
        var object = JSONObject()
        func number(_ value: Double) -> JSONValue {
            value == value.rounded() && abs(value) < 1e15 ? .number(JSONNumber(Int(value))) : .number(JSONNumber(value))
        }
        func milliseconds(_ duration: Duration) -> JSONValue { number(Double(duration / .microseconds(1)) / 1_000) }
        for (prefix, link) in [("downlink", downlink), ("uplink", uplink)] {
            if let bits = link.bitsPerSecond { object["\(prefix)Kbps"] = number(Double(bits) / 1_000) }
            if link.delay > .zero { object["\(prefix)DelayMilliseconds"] = milliseconds(link.delay) }
            if link.packetLossPercent > 0 { object["\(prefix)PacketLossPercent"] = number(link.packetLossPercent) }
        }
        if jitter > .zero { object["jitterMilliseconds"] = milliseconds(jitter) }
        switch cut {
        case .stall(let bytes): object["stallAfterBytes"] = .number(JSONNumber(bytes))
        case .reset(let bytes): object["resetAfterBytes"] = .number(JSONNumber(bytes))
        case nil: break
        }
        if stallLimit != NetworkProfile().stallLimit { object["stallLimitMilliseconds"] = milliseconds(stallLimit) }
        // A seed is written as a string when JSON numbers (doubles to most readers) would round it.
        if let seed { object["seed"] = seed < 1 << 53 ? .number(JSONNumber(Int(seed))) : .string(String(seed)) }
        return .object(object)
    }

    /// Reads `"3G"` (a preset's name) or an object: `{"preset": "3G", "jitterMilliseconds": 40}`
    /// starts from a preset and changes some figures; without `preset` every figure not given
    /// is unlimited or zero.
    package init(wireMock reader: JSONReader) throws {
        if case .string(let name) = reader.value {
            self = try Self.preset(name, at: reader)
            return
        }
        try reader.rejectUnknownKeys(Self.knownKeys, in: "a network profile")
        self = try reader.optional("preset") { try Self.preset(try $0.string(), at: $0) } ?? NetworkProfile()
        if reader.member("preset") != nil, Self.knownKeys.dropFirst().contains(where: { reader.member($0) != nil }) {
            name = nil
        }
        for (prefix, keyPath) in [("downlink", \NetworkProfile.downlink), ("uplink", \NetworkProfile.uplink)] {
            if let kbps = try Self.nonNegative("\(prefix)Kbps", in: reader) {
                guard kbps > 0 else { throw reader.error(at: "\(prefix)Kbps", "\(prefix)Kbps is a bandwidth in kilobits per second: more than 0 (leave it out for no limit)") }
                self[keyPath: keyPath].bitsPerSecond = max(1, Int((kbps * 1_000).rounded()))
            }
            if let delay = try Self.nonNegative("\(prefix)DelayMilliseconds", in: reader) {
                self[keyPath: keyPath].delay = .microseconds(Int((delay * 1_000).rounded()))
            }
            if let loss = try Self.nonNegative("\(prefix)PacketLossPercent", in: reader) {
                guard loss <= 100 else { throw reader.error(at: "\(prefix)PacketLossPercent", "\(prefix)PacketLossPercent is a share of packets: from 0 to 100") }
                self[keyPath: keyPath].packetLossPercent = loss
            }
        }
        if let jitter = try Self.nonNegative("jitterMilliseconds", in: reader) { self.jitter = .microseconds(Int((jitter * 1_000).rounded())) }
        if let limit = try Self.nonNegative("stallLimitMilliseconds", in: reader) { stallLimit = .microseconds(Int((limit * 1_000).rounded())) }
        let stall = try reader.optionalInt("stallAfterBytes")
        let reset = try reader.optionalInt("resetAfterBytes")
        switch (stall, reset) {
        case (nil, nil): break
        case (_?, _?): throw reader.error(at: "resetAfterBytes", "a connection fails one way: keep \"stallAfterBytes\" or \"resetAfterBytes\"")
        case (let bytes?, nil), (nil, let bytes?):
            guard bytes >= 0 else { throw reader.error(at: stall != nil ? "stallAfterBytes" : "resetAfterBytes", "a byte count is 0 or more") }
            cut = stall != nil ? .stall(afterBytes: bytes) : .reset(afterBytes: bytes)
        }
        seed = try reader.optional("seed") { seed in
            if case .string(let text) = seed.value, let value = UInt64(text) { return value }
            let value = try seed.int()
            guard value >= 0 else { throw seed.error("a seed is a whole number of 0 or more") }
            return UInt64(value)
        }
    }

    private static func preset(_ name: String, at reader: JSONReader) throws -> NetworkProfile {
        guard let preset = NetworkProfile(presetNamed: name) else {
            throw reader.error("unknown network profile \"\(name)\"\(LevenshteinDistance.suggestion(for: name, among: presetNames)); the presets are \(presetNames.map { "\"\($0)\"" }.joined(separator: ", ")), or give an object such as {\"downlinkKbps\": 500, \"downlinkDelayMilliseconds\": 200}")
        }
        return preset
    }

    private static func nonNegative(_ key: String, in reader: JSONReader) throws -> Double? {
        guard let value = try reader.optionalDouble(key) else { return nil }
        guard value >= 0, value.isFinite else { throw reader.error(at: key, "\(key) is 0 or more") }
        return value
    }
}

extension NetworkProfile {
    /// Reads a profile from the command line or a settings body: a preset's name (`3G`) or the
    /// JSON object of a mapping's `networkProfile`.
    /// - Throws: ``MappingDecodingError`` naming the problem and the presets.
    package init(argument text: String) throws(MappingDecodingError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("{") else {
            self = try JSONReader(.string(trimmed)).decoding { try NetworkProfile(wireMock: $0) }
            return
        }
        let reader = try JSONReader.parsing(Data(trimmed.utf8), file: nil, hint: "give a preset's name (3G) or a JSON object such as {\"downlinkKbps\": 500}")
        self = try reader.decoding { try NetworkProfile(wireMock: $0) }
    }

    /// Reads `networkProfile` from a settings body, `nil` when it has none.
    package init?(wireMockSettings settings: JSONObject) throws(MappingDecodingError) {
        guard let value = settings["networkProfile"], value != .null else { return nil }
        self = try JSONReader(value).decoding { try NetworkProfile(wireMock: $0) }
    }
}
