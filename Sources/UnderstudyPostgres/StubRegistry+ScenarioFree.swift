import Foundation
import Understudy

extension StubRegistry {
    /// The stubs whose match no scenario state can change, which a request commits without a
    /// round trip: they move no scenario, and every stub ahead of them in matching order that
    /// is in a scenario cannot match the same requests (another method, or another exact URL
    /// or path). For any other stub, the state it was matched in is checked as it is committed.
    var scenarioFreeStubs: Set<UUID> {
        var scenarioStubsAhead: [RequestPattern] = []
        var free: Set<UUID> = []
        for mapping in mappings {
            if mapping.scenarioName != nil {
                scenarioStubsAhead.append(mapping.request)
            } else if scenarioStubsAhead.allSatisfy({ $0.matchesNothingOf(mapping.request) }) {
                free.insert(mapping.id)
            }
        }
        return free
    }
}

extension RequestPattern {
    /// Whether no request can match both patterns, as far as their methods and exact URLs tell.
    func matchesNothingOf(_ other: RequestPattern) -> Bool {
        if methods == nil, other.methods == nil, method != .any, other.method != .any, method != other.method { return true }
        guard let key = url.key, key == other.url.key, key == "url" || key == "urlPath" else { return false }
        return url != other.url
    }
}
