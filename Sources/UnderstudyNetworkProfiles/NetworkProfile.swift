/// The network between the client and the mock: delay, jitter, bandwidth and packet loss in
/// each direction, and optionally a connection that stalls or is reset part-way through the
/// body. Every transport answers through it alike, because the response plan is paced in the
/// core (see <doc:NetworkProfiles>).
///
/// Set one per stub (`ResponseDefinition.networkProfile(_:)`, `"networkProfile"` in a
/// mapping), per mock (`HTTPMock.networkProfile`) or for a whole server
/// (`understudy serve --network-profile 3G`); a stub's own profile wins.
/// ```swift
/// mock.stub(.get(urlPath: "/feed"), .ok.json(feed).networkProfile(.threeG))
/// mock.networkProfile = NetworkProfile(downlink: .init(kilobitsPerSecond: 500, delay: .milliseconds(200)),
///                                      jitter: .milliseconds(50), seed: 7)
/// ```
///
/// The presets carry the figures of Apple's Network Link Conditioner presets (the "Manage
/// Profiles" sheet of the Network Link Conditioner pane in Additional Tools for Xcode).
public struct NetworkProfile: Sendable, Hashable {
    /// One direction of the link, as Network Link Conditioner describes it.
    public struct Link: Sendable, Hashable {
        /// The bandwidth in bits per second; `nil` for no limit.
        public var bitsPerSecond: Int?
        /// The delay every packet in this direction takes.
        public var delay: Duration
        /// The share of packets lost, from 0 to 100. A lost packet costs a round trip (the
        /// sender's fast retransmit); at 100 nothing arrives.
        public var packetLossPercent: Double

        /// A direction with a bandwidth limit in bits per second (`nil` for none), a delay and a loss rate.
        public init(bitsPerSecond: Int? = nil, delay: Duration = .zero, packetLossPercent: Double = 0) {
            self.bitsPerSecond = bitsPerSecond
            self.delay = delay
            self.packetLossPercent = packetLossPercent
        }

        /// A direction with a bandwidth limit in kilobits per second (1 000 bits).
        public init(kilobitsPerSecond: Int, delay: Duration = .zero, packetLossPercent: Double = 0) {
            self.init(bitsPerSecond: kilobitsPerSecond * 1_000, delay: delay, packetLossPercent: packetLossPercent)
        }

        /// A direction with no limit, no delay and no loss.
        public static let unlimited = Link()
    }

    /// How the connection fails part-way through a response body.
    public enum Cut: Sendable, Hashable {
        /// After this many body bytes nothing more arrives; the connection is reset once
        /// ``NetworkProfile/stallLimit`` has passed, unless the client gives up first.
        case stall(afterBytes: Int)
        /// After this many body bytes the connection is reset (`CONNECTION_RESET_BY_PEER`).
        case reset(afterBytes: Int)
    }

    /// The preset's name (`"3G"`), or `nil` for a custom profile.
    public var name: String?
    /// Server to client: the response.
    public var downlink: Link
    /// Client to server: the request.
    public var uplink: Link
    /// Each direction's delay varies by up to this much either way (uniformly, never below
    /// zero), drawn per request.
    public var jitter: Duration
    /// A stall or reset part-way through the body, if any.
    public var cut: Cut?
    /// The longest a stalled response (a ``Cut/stall(afterBytes:)`` or 100 % loss) is held
    /// before the connection is reset; a client with a shorter timeout gives up first.
    public var stallLimit: Duration
    /// Seeds the jitter and loss draws: the same seed and the same sequence of requests give
    /// the same delays. `nil` draws them at random.
    public var seed: UInt64?

    /// A custom profile; the uplink defaults to the downlink's delay with no bandwidth limit.
    public init(name: String? = nil, downlink: Link = .unlimited, uplink: Link? = nil, jitter: Duration = .zero, cut: Cut? = nil,
                stallLimit: Duration = .seconds(120), seed: UInt64? = nil) {
        self.name = name
        self.downlink = downlink
        self.uplink = uplink ?? Link(delay: downlink.delay)
        self.jitter = jitter
        self.cut = cut
        self.stallLimit = stallLimit
        self.seed = seed
    }

    /// Whether nothing gets through (100 % loss in either direction).
    public var dropsEverything: Bool { downlink.packetLossPercent >= 100 || uplink.packetLossPercent >= 100 }
}

extension NetworkProfile {
    /// `3G`: 780 kbit/s down and 330 up, 100 ms each way.
    public static let threeG = preset("3G", down: 780, downDelay: 100, up: 330, upDelay: 100)
    /// `Edge`: 240 kbit/s down (400 ms) and 200 up (440 ms).
    public static let edge = preset("Edge", down: 240, downDelay: 400, up: 200, upDelay: 440)
    /// `LTE`: 50 Mbit/s down (50 ms) and 10 Mbit/s up (65 ms).
    public static let lte = preset("LTE", down: 50_000, downDelay: 50, up: 10_000, upDelay: 65)
    /// `DSL`: 2 Mbit/s down and 256 kbit/s up, 5 ms each way.
    public static let dsl = preset("DSL", down: 2_000, downDelay: 5, up: 256, upDelay: 5)
    /// `WiFi`: 40 Mbit/s down and 33 Mbit/s up, 1 ms each way.
    public static let wifi = preset("WiFi", down: 40_000, downDelay: 1, up: 33_000, upDelay: 1)
    /// `Very Bad Network`: 1 Mbit/s each way, 500 ms each way, 10 % of packets lost each way.
    public static let veryBadNetwork = preset("Very Bad Network", down: 1_000, downDelay: 500, up: 1_000, upDelay: 500, loss: 10)
    /// `100% Loss`: nothing arrives; the request stalls until the client gives up (or
    /// ``stallLimit`` passes and the connection is reset).
    public static let totalLoss = preset("100% Loss", down: nil, downDelay: 0, up: nil, upDelay: 0, loss: 100)

    /// Every preset, in the order Network Link Conditioner lists them.
    public static let presets: [NetworkProfile] = [.totalLoss, .threeG, .dsl, .edge, .lte, .veryBadNetwork, .wifi]

    /// The preset with this name, compared ignoring case, spaces, `-` and `_` (`"3g"`,
    /// `"very-bad-network"`); `nil` when there is none.
    public init?(presetNamed name: String) {
        let key = Self.presetKey(name)
        guard let preset = Self.presets.first(where: { Self.presetKey($0.name ?? "") == key }) else { return nil }
        self = preset
    }

    /// The names of the presets, for messages.
    public static var presetNames: [String] { presets.compactMap(\.name) }

    private static func presetKey(_ name: String) -> String {
        String(name.lowercased().filter { !" -_".contains($0) })
    }

    private static func preset(_ name: String, down: Int?, downDelay: Int, up: Int?, upDelay: Int, loss: Double = 0) -> NetworkProfile {
        NetworkProfile(name: name,
                       downlink: Link(bitsPerSecond: down.map { $0 * 1_000 }, delay: .milliseconds(downDelay), packetLossPercent: loss),
                       uplink: Link(bitsPerSecond: up.map { $0 * 1_000 }, delay: .milliseconds(upDelay), packetLossPercent: loss))
    }
}
