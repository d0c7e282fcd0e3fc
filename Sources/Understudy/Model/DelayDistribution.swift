import Foundation

/// A random delay added before a response (WireMock's `delayDistribution`).
public struct DelayDistribution: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case uniform(lower: Int, upper: Int)
        case lognormal(median: Double, sigma: Double, maxValue: Double?)
        case fixed(milliseconds: Int)
    }

    let kind: Kind

    /// A delay drawn uniformly from `lower...upper` milliseconds.
    public static func uniform(lower: Int, upper: Int) -> DelayDistribution {
        DelayDistribution(kind: .uniform(lower: lower, upper: upper))
    }

    /// A log-normal delay in milliseconds with the given median and sigma, optionally capped at `maxValue`.
    public static func lognormal(median: Double, sigma: Double, maxValue: Double? = nil) -> DelayDistribution {
        DelayDistribution(kind: .lognormal(median: median, sigma: sigma, maxValue: maxValue))
    }

    /// A fixed delay in milliseconds, expressed as a distribution.
    public static func fixed(milliseconds: Int) -> DelayDistribution {
        DelayDistribution(kind: .fixed(milliseconds: milliseconds))
    }

    /// Draws one delay in milliseconds.
    public func sampleMilliseconds(using generator: inout some RandomNumberGenerator) -> Int {
        switch kind {
        case let .uniform(lower, upper):
            return upper > lower ? Int.random(in: lower...upper, using: &generator) : lower
        case let .lognormal(median, sigma, maxValue):
            // Box–Muller transform for a standard normal sample.
            let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
            let u2 = Double.random(in: 0..<1, using: &generator)
            let normal = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
            var value = median * exp(sigma * normal)
            if let maxValue { value = min(value, maxValue) }
            return Int(value.rounded())
        case let .fixed(milliseconds):
            return milliseconds
        }
    }
}

/// Splits a response body into chunks sent over a total duration (WireMock's `chunkedDribbleDelay`).
public struct ChunkedDribbleDelay: Sendable, Hashable {
    /// How many chunks the body is split into.
    public var numberOfChunks: Int
    /// The total time, in milliseconds, over which the chunks are sent.
    public var totalDurationMilliseconds: Int

    public init(numberOfChunks: Int, totalDurationMilliseconds: Int) {
        self.numberOfChunks = numberOfChunks
        self.totalDurationMilliseconds = totalDurationMilliseconds
    }
}
