import ArgumentParser
import Testing
import Understudy
@testable import UnderstudyCLI
import UnderstudyNetworkProfiles

/// `understudy serve --network-profile` answers every request as if over that network,
/// unless its stub names its own.
struct NetworkProfileOptionTests {
    @Test(arguments: [("3G", NetworkProfile.threeG), ("very-bad-network", .veryBadNetwork), ("LTE", .lte)])
    func aPresetNameSetsTheMocksProfile(_ argument: String, _ profile: NetworkProfile) throws {
        let command = try ServeCommand.parse(["--network-profile", argument])
        #expect(command.mockConfiguration(root: MappingsRoot(path: ".")).networkProfile == profile)
        #expect(try ServeCommand.parse([]).mockConfiguration(root: MappingsRoot(path: ".")).networkProfile == nil)
    }

    @Test func anObjectGivesACustomProfile() throws {
        let command = try ServeCommand.parse(["--network-profile", #"{"downlinkKbps": 500, "downlinkDelayMilliseconds": 200, "seed": 3}"#])
        let profile = try #require(command.mockConfiguration(root: MappingsRoot(path: ".")).networkProfile)
        #expect(profile.downlink == .init(kilobitsPerSecond: 500, delay: .milliseconds(200)))
        #expect(profile.seed == 3)
    }

    @Test(arguments: [
        ("4G", #"unknown network profile "4G""#),
        ("Edje", #"did you mean "Edge""#),
        (#"{"downlinkKbps": -1}"#, "0 or more"),
        ("{nope", "not valid JSON"),
    ])
    func aBadProfileIsRefusedNamingThePresets(_ argument: String, _ message: String) {
        #expect {
            _ = try ServeCommand.parse(["--network-profile", argument])
        } throws: { error in
            let text = ServeCommand.message(for: error)
            return text.contains("--network-profile") && text.contains(message)
        }
        #expect {
            _ = try ServeCommand.parse(["--network-profile", "4G"])
        } throws: { error in
            ServeCommand.message(for: error).contains(#""3G", "DSL", "Edge""#)
        }
    }
}
