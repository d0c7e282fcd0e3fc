public import Understudy

/// Network profiles on the core's answer seam: `response.networkProfile` in mapping JSON, and
/// a mock-wide default every answer without its own gets. A profile reshapes whatever plan the
/// rest made (a body, a stream, a fault, a proxy).
extension NetworkProfile: AnswerExtension {
    package static let wireMockKey = "networkProfile"

    package func plan<G: RandomNumberGenerator>(_ response: ResponseDefinition, for request: RecordedRequest, sequence: Int,
                                                using generator: inout G,
                                                next: (ResponseDefinition, inout G) throws -> ResponsePlan) throws -> ResponsePlan {
        shape(try next(response, &generator), for: request, sequence: sequence, using: &generator)
    }
}

extension MappingExtensions {
    /// Network profiles (`"networkProfile": "3G"` or `{…}` in a mapping's response).
    public static let networkProfiles = MappingExtensions(answers: [NetworkProfile.self])
}

extension ResponseDefinition {
    /// The network the answer crosses (delay, bandwidth, loss, a cut), instead of the mock's
    /// own ``HTTPMock/networkProfile``; `nil` uses the mock's.
    public var networkProfile: NetworkProfile? {
        get { answerExtension(NetworkProfile.self) }
        set { setAnswerExtension(newValue) }
    }

    /// Answers as if over `profile` (a preset such as ``NetworkProfile/threeG`` or a custom
    /// one), whatever the mock's own profile: `.ok.json(feed).networkProfile(.edge)`.
    public func networkProfile(_ profile: NetworkProfile) -> ResponseDefinition {
        answerExtension(profile)
    }
}

extension HTTPMock {
    /// The network every answer crosses unless its stub names its own
    /// (``Understudy/ResponseDefinition/networkProfile``); `nil` answers at once. Every transport paces
    /// its answers by it alike (see ``NetworkProfile``).
    /// ```swift
    /// mock.networkProfile = .threeG
    /// ```
    public var networkProfile: NetworkProfile? {
        get { answerDefault(NetworkProfile.self) }
        set { setAnswerDefault(newValue) }
    }
}

extension HTTPMock.Configuration {
    /// The network every answer crosses unless its stub names its own, from the start;
    /// ``HTTPMock/networkProfile`` changes it later. `nil` (the default) answers at once.
    public var networkProfile: NetworkProfile? {
        get { answerDefaults.lazy.compactMap { $0.value as? NetworkProfile }.first }
        set {
            answerDefaults.removeAll { $0.key == NetworkProfile.wireMockKey }
            if let newValue { answerDefaults.append(AnyAnswerExtension(newValue)) }
        }
    }
}
