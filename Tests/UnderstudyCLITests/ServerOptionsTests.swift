import ArgumentParser
import Testing
import UnderstudyServer
@testable import UnderstudyCLI

/// `serve` and `record` share where they listen and the admin token.
struct ServerOptionsTests {
    @Test func theTokenComesFromTheFlagThenTheEnvironment() throws {
        let flagged = try ServeCommand.parse(["--admin-token", "from-flag", "--port", "0"])
        #expect(flagged.network.configuration(environment: ["UNDERSTUDY_ADMIN_TOKEN": "from-env"]).adminToken == "from-flag")
        let plain = try RecordCommand.parse(["--target", "http://127.0.0.1:1", "--root", "/tmp/x"])
        #expect(plain.network.configuration(environment: ["UNDERSTUDY_ADMIN_TOKEN": "from-env"]).adminToken == "from-env")
        #expect(plain.network.configuration(environment: [:]).adminToken == nil)
        #expect(plain.network.configuration(environment: [:]).host == "127.0.0.1")
        #expect(plain.network.configuration(environment: [:]).port == 8080)
    }
}
