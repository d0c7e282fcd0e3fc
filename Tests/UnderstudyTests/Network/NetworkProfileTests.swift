import Foundation
import Testing
import UnderstudyJSON
import UnderstudySupport
@testable import Understudy
@testable import UnderstudyNetworkProfiles

/// The network profile paces the one response plan (`Network/NetworkProfile+Shaping.swift`),
/// so every transport answers as if over the same network. Times here are the plan's, not
/// measured: the transport tests measure lower bounds.
struct NetworkProfileTests {
    private func plan(_ response: ResponseDefinition, profile: NetworkProfile, request: RecordedRequest = request(.get, "/r"),
                      sequence: Int = 0, seed: UInt64 = 1) -> ResponsePlan {
        var generator = SplitMix64(seed: seed)
        let made = ResponsePlan.make(for: response, to: request, stub: nil, bodyData: { try $0.bodyData(root: nil) }, using: &generator)
        return profile.shape(made, for: request, sequence: sequence, using: &generator)
    }

    private func respond(_ plan: ResponsePlan) throws -> (ResponseHead, TimedBody) {
        guard case let .respond(head, body) = plan.action else { throw PlanMismatch() }
        return (head, body)
    }

    private struct PlanMismatch: Error {}

    /// When each part is due, counted from the head.
    private func dueTimes(_ body: TimedBody) -> [Duration] {
        var due = Duration.zero
        return body.parts.map { due += $0.delay; return due }
    }

    @Test func presetsCarryNetworkLinkConditionersFigures() throws {
        #expect(NetworkProfile.threeG.downlink == .init(kilobitsPerSecond: 780, delay: .milliseconds(100)))
        #expect(NetworkProfile.threeG.uplink == .init(kilobitsPerSecond: 330, delay: .milliseconds(100)))
        #expect(NetworkProfile.edge.downlink == .init(kilobitsPerSecond: 240, delay: .milliseconds(400)))
        #expect(NetworkProfile.edge.uplink == .init(kilobitsPerSecond: 200, delay: .milliseconds(440)))
        #expect(NetworkProfile.lte.downlink == .init(kilobitsPerSecond: 50_000, delay: .milliseconds(50)))
        #expect(NetworkProfile.lte.uplink == .init(kilobitsPerSecond: 10_000, delay: .milliseconds(65)))
        #expect(NetworkProfile.veryBadNetwork.downlink.packetLossPercent == 10)
        #expect(NetworkProfile.totalLoss.dropsEverything)
        #expect(NetworkProfile(presetNamed: "3g") == .threeG)
        #expect(NetworkProfile(presetNamed: "very-bad-network") == .veryBadNetwork)
        #expect(NetworkProfile(presetNamed: "100% loss") == .totalLoss)
        #expect(NetworkProfile(presetNamed: "5G") == nil)
    }

    @Test func aBodyOver3GTakesItsBandwidthTimeAndKeepsEveryByte() throws {
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0) })
        let shaped = plan(.ok.body(bytes), profile: .threeG)
        let (head, body) = try respond(shaped)
        #expect(head.headers["Content-Length"] == "200000")
        #expect(body.data == bytes)
        #expect(!body.isStream)
        // 200 000 bytes at 780 kbit/s: 2.05 s on the wire, after the two 100 ms delays.
        #expect(shaped.delay >= .milliseconds(200))
        #expect(try #require(dueTimes(body).last) >= .milliseconds(2_051))
        // Paced in small parts, each no larger than 50 ms of bandwidth (a packet at least).
        #expect(body.parts.count > 20)
        #expect(body.parts.allSatisfy { $0.bytes.count <= 780_000 / 8 / 20 })
    }

    @Test func aStreamsOwnPausesStillCountAndNoPartIsEarly() throws {
        let events: [ServerSentEvent] = (1...4).map { .data("event \($0)", after: .milliseconds(300)) }
        let original = try respond(plan(.ok.eventStream(events), profile: NetworkProfile())).1
        let (_, body) = try respond(plan(.ok.eventStream(events), profile: .edge))
        #expect(body.isStream)
        #expect(body.data == original.data)
        // Each event is due no earlier than the server sends it, and no earlier than the
        // link, at 240 kbit/s, has carried it and every byte before it.
        var carried = 0
        for (part, due) in zip(body.parts, dueTimes(body)) {
            carried += part.bytes.count
            #expect(due >= .microseconds(carried * 8 * 1_000_000 / 240_000))
        }
        let originalDue = dueTimes(original)
        #expect(zip(dueTimes(body), originalDue).allSatisfy { $0 >= $1 })
    }

    @Test func theRequestCrossesTheUplinkBeforeTheAnswer() throws {
        let upload = request(.post, "/upload", body: String(repeating: "x", count: 5_000))
        let profile = NetworkProfile(uplink: .init(kilobitsPerSecond: 20))
        // 5 000 bytes (and the request line) at 20 kbit/s: at least 2 s.
        #expect(plan(.ok, profile: profile, request: upload).delay >= .seconds(2))
        #expect(plan(.ok, profile: NetworkProfile(), request: upload).delay == .zero)
    }

    @Test func aResetCutsTheBodyAfterItsBytes() throws {
        let profile = NetworkProfile(cut: .reset(afterBytes: 1_000))
        let (head, body) = try respond(plan(.ok.body(String(repeating: "a", count: 10_000)), profile: profile))
        #expect(head.headers["Content-Length"] == "10000")
        #expect(body.data.count == 1_000)
        #expect(body.ending == .fault(.connectionResetByPeer))
        // A body that fits is untouched.
        let (_, small) = try respond(plan(.ok.body("tiny"), profile: profile))
        #expect(small.data == Data("tiny".utf8))
        #expect(small.ending == .complete)
    }

    @Test func aStallSendsNothingMoreUntilTheLimitThenResets() throws {
        let profile = NetworkProfile(cut: .stall(afterBytes: 3), stallLimit: .seconds(7))
        let (_, body) = try respond(plan(.ok.eventStream([.data("one"), .data("two")]), profile: profile))
        #expect(body.data == Data("dat".utf8))
        #expect(body.parts.last == TimedBody.Part(delay: .seconds(7), bytes: Data()))
        #expect(body.ending == .fault(.connectionResetByPeer))
    }

    @Test func totalLossAnswersNothingUntilTheStallLimit() throws {
        var profile = NetworkProfile.totalLoss
        profile.stallLimit = .seconds(30)
        let shaped = plan(.ok.body("never"), profile: profile)
        #expect(shaped.delay >= .seconds(30))
        guard case .fault(let fault) = shaped.action else {
            Issue.record("expected a fault, got \(shaped.action)")
            return
        }
        #expect(fault == .connectionResetByPeer)
    }

    @Test func faultsGetTheDelayBeforeTheAnswerOnly() {
        let shaped = plan(.fault(.emptyResponse), profile: NetworkProfile(downlink: .init(delay: .milliseconds(250))))
        // 250 ms each way.
        #expect(shaped.delay >= .milliseconds(500))
        guard case .fault(.emptyResponse) = shaped.action else {
            Issue.record("expected the stub's fault, got \(shaped.action)")
            return
        }
    }

    @Test func jitterIsSeededByTheProfileAndTheRequestsPlace() throws {
        let profile = NetworkProfile(downlink: .init(delay: .milliseconds(100)), jitter: .milliseconds(80), seed: 42)
        // The mock's own generator differs; the profile's seed decides.
        let first = (0..<20).map { plan(.ok, profile: profile, sequence: $0, seed: 1).delay }
        let again = (0..<20).map { plan(.ok, profile: profile, sequence: $0, seed: 99).delay }
        #expect(first == again)
        #expect(Set(first).count > 1)
        // Each direction's delay stays within its jitter and never goes below zero.
        #expect(first.allSatisfy { $0 >= .milliseconds(40) && $0 <= .milliseconds(360) })
        let wild = NetworkProfile(downlink: .init(delay: .milliseconds(10)), jitter: .seconds(1), seed: 3)
        #expect((0..<50).allSatisfy { plan(.ok, profile: wild, sequence: $0).delay >= .zero })
    }

    @Test func lossCostsRoundTripsAndIsSeeded() throws {
        let lossy = NetworkProfile(downlink: .init(delay: .milliseconds(50), packetLossPercent: 50), seed: 5)
        let bytes = Data(repeating: 1, count: 100 * NetworkProfile.packetBytes)
        let (_, body) = try respond(plan(.ok.body(bytes), profile: lossy))
        #expect(body.data == bytes)
        // Half of 100 packets lost, a 100 ms round trip each: far more than no loss at all.
        let total = try #require(dueTimes(body).last)
        #expect(total >= .seconds(2))
        #expect(try respond(plan(.ok.body(bytes), profile: lossy)).1.parts == body.parts)
    }

    @Test func aStubsProfileWinsOverTheMocksAndResetKeepsTheMocks() throws {
        let mock = HTTPMock()
        mock.networkProfile = NetworkProfile(downlink: .init(delay: .milliseconds(100)))
        mock.stub(.get(urlPath: "/mock"), .ok.body("m"))
        mock.stub(.get(urlPath: "/own"), .ok.body("o").networkProfile(NetworkProfile(downlink: .init(delay: .seconds(3)))))
        var generator = SplitMix64(seed: 1)
        #expect(mock.respond(to: request(.get, "/mock"), using: &generator).plan.delay == .milliseconds(200))
        #expect(mock.respond(to: request(.get, "/own"), using: &generator).plan.delay == .seconds(6))
        mock.reset()
        mock.stub(.get(urlPath: "/mock"), .ok.body("m"))
        #expect(mock.respond(to: request(.get, "/mock"), using: &generator).plan.delay == .milliseconds(200))
        mock.networkProfile = nil
        #expect(mock.respond(to: request(.get, "/mock"), using: &generator).plan.delay == .zero)
    }

    @Test func theConfigurationSetsTheMocksProfile() throws {
        var configuration = HTTPMock.Configuration()
        configuration.networkProfile = .edge
        let mock = HTTPMock(configuration: configuration)
        mock.stub(.get(urlPath: "/r"), .ok)
        var generator = SplitMix64(seed: 1)
        #expect(mock.respond(to: request(.get, "/r"), using: &generator).plan.delay >= .milliseconds(840))
    }

    // MARK: Mapping JSON

    @Test func aPresetNameRoundTripsAsItsName() throws {
        let document = #"{"request": {"url": "/feed"}, "response": {"status": 200, "networkProfile": "3g"}}"#
        let (mappings, warnings) = try WireMockMappings.decodeWithWarnings(Data(document.utf8), file: "feed.json", extensions: .networkProfiles)
        let mapping = try #require(mappings.first)
        #expect(mapping.response.definition?.networkProfile == .threeG)
        #expect(warnings.contains { $0.message.contains("\"networkProfile\" is an Understudy extension") })
        let json = try mapping.wireMockJSON()
        #expect(json["response"]?["networkProfile"] == "3G")
    }

    @Test func aCustomProfileRoundTripsFigureByFigure() throws {
        let document = """
        {"request": {"url": "/feed"}, "response": {"status": 200, "networkProfile": {
            "downlinkKbps": 512.5, "downlinkDelayMilliseconds": 120, "downlinkPacketLossPercent": 1.5,
            "uplinkKbps": 64, "uplinkDelayMilliseconds": 150, "jitterMilliseconds": 30,
            "stallAfterBytes": 4096, "stallLimitMilliseconds": 5000, "seed": 7}}}
        """
        let mapping = try WireMockMappings.decodeMapping(Data(document.utf8), extensions: .networkProfiles)
        let profile = try #require(mapping.response.definition?.networkProfile)
        #expect(profile == NetworkProfile(downlink: .init(bitsPerSecond: 512_500, delay: .milliseconds(120), packetLossPercent: 1.5),
                                          uplink: .init(kilobitsPerSecond: 64, delay: .milliseconds(150)),
                                          jitter: .milliseconds(30), cut: .stall(afterBytes: 4096), stallLimit: .seconds(5), seed: 7))
        let again = try WireMockMappings.decodeMapping(Data(try mapping.wireMockJSON().jsonText().utf8), extensions: .networkProfiles)
        #expect(again.response.definition?.networkProfile == profile)
    }

    @Test func aPresetWithChangesIsWrittenInFull() throws {
        let document = #"{"request": {"url": "/feed"}, "response": {"networkProfile": {"preset": "Edge", "resetAfterBytes": 10}}}"#
        let profile = try #require(try WireMockMappings.decodeMapping(Data(document.utf8), extensions: .networkProfiles).response.definition?.networkProfile)
        #expect(profile.downlink == NetworkProfile.edge.downlink)
        #expect(profile.cut == .reset(afterBytes: 10))
        #expect(profile.name == nil)
        #expect(profile.wireMockJSON["downlinkKbps"] == 240)
        #expect(profile.wireMockJSON["resetAfterBytes"] == 10)
    }

    @Test(arguments: [
        (#""5G""#, #"unknown network profile "5G""#),
        (#""3 G ""#, ""),
        (#""Edgy""#, "did you mean"),
        (#"{"downlinkKbps": 0}"#, "more than 0"),
        (#"{"uplinkPacketLossPercent": 120}"#, "from 0 to 100"),
        (#"{"stallAfterBytes": 1, "resetAfterBytes": 2}"#, "one way"),
        (#"{"jitterMilliseconds": -5}"#, "0 or more"),
        (#"{"downlinkKbs": 5}"#, "did you mean \"downlinkKbps\""),
    ])
    func badProfilesNameTheProblem(_ profile: String, _ message: String) throws {
        let document = #"{"request": {"url": "/feed"}, "response": {"networkProfile": \#(profile)}}"#
        guard !message.isEmpty else {
            // Spaces and case do not matter in a preset's name.
            #expect(try WireMockMappings.decodeMapping(Data(document.utf8), extensions: .networkProfiles).response.definition?.networkProfile == .threeG)
            return
        }
        let error = #expect(throws: MappingDecodingError.self) { try WireMockMappings.decodeMapping(Data(document.utf8), extensions: .networkProfiles) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        #expect(error?.path.hasPrefix("response.networkProfile") == true)
    }

    @Test func theCommandLineFormTakesANameOrAnObject() throws {
        #expect(try NetworkProfile(argument: "LTE") == .lte)
        #expect(try NetworkProfile(argument: #" {"downlinkDelayMilliseconds": 300} "#).downlink.delay == .milliseconds(300))
        let error = #expect(throws: MappingDecodingError.self) { try NetworkProfile(argument: "{downlink") }
        #expect(error?.message.contains("not valid JSON") == true)
    }
}
