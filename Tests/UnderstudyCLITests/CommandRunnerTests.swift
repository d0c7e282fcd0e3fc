import Testing
import UnderstudyTestSupport

/// The runner the tests start real peers with (curl, nghttp, Python clients) says so plainly
/// when a peer is not installed, and only then.
@Suite struct CommandRunnerTests {
    @Test func aMissingCommandIsAnErrorThatNamesIt() async throws {
        let error = await #expect(throws: MissingCommand.self) {
            try await run(["understudy-no-such-peer", "--version"])
        }
        #expect(error?.name == "understudy-no-such-peer")
        #expect(error?.description.contains(".ci/run installs") == true)
    }

    @Test func aCommandThatItselfExitsWith127IsNotTakenForAMissingOne() async throws {
        let output = try await run(["sh", "-c", "echo gone >&2; exit 127"])
        #expect(output.status == 127)
        #expect(output.standardError == "gone\n")
    }
}
