package import UnderstudyJSON

extension GlobalDelays {
    /// Reads the delays of WireMock's global settings (`{"fixedDelay": 100,
    /// "delayDistribution": {"type": "uniform", "lower": 10, "upper": 50}}`); other settings
    /// are ignored here.
    package init(wireMockSettings settings: JSONObject) throws(MappingDecodingError) {
        self = try JSONReader(.object(settings)).decoding { reader in
            GlobalDelays(fixedDelayMilliseconds: try reader.optionalInt("fixedDelay"),
                         delayDistribution: try reader.optional("delayDistribution") { try DelayDistribution(wireMock: $0) })
        }
    }
}
