/// Delays a mock adds to every response that sets none of its own (WireMock's global
/// `fixedDelay` and `delayDistribution` settings, `POST /__admin/settings`).
///
/// A stub's own `fixedDelayMilliseconds` replaces the global fixed delay and its own
/// `delayDistribution` replaces the global distribution; the fixed and the random delay
/// add up (WireMock 3.13.2 `http/Response.java`, `configureDelay`).
public struct GlobalDelays: Sendable, Hashable {
    /// Milliseconds added to responses without a fixed delay of their own.
    public var fixedDelayMilliseconds: Int?
    /// A random delay added to responses without a distribution of their own.
    public var delayDistribution: DelayDistribution?

    /// Creates settings; by default no delay.
    public init(fixedDelayMilliseconds: Int? = nil, delayDistribution: DelayDistribution? = nil) {
        self.fixedDelayMilliseconds = fixedDelayMilliseconds
        self.delayDistribution = delayDistribution
    }

    /// The delay before `response`: its fixed delay (or the global one) plus a sample of its
    /// distribution (or the global one); never negative.
    package func delay(for response: ResponseDefinition, using generator: inout some RandomNumberGenerator) -> Duration {
        delay(fixed: response.fixedDelayMilliseconds, distribution: response.delayDistribution, using: &generator)
    }

    /// The delay before a response with the given delays of its own.
    func delay(fixed: Int?, distribution own: DelayDistribution?, using generator: inout some RandomNumberGenerator) -> Duration {
        var milliseconds = fixed ?? fixedDelayMilliseconds ?? 0
        if let distribution = own ?? delayDistribution {
            milliseconds += distribution.sampleMilliseconds(using: &generator)
        }
        return milliseconds > 0 ? .milliseconds(milliseconds) : .zero
    }
}
