import ArgumentParser
import Testing
import UnderstudyServer
@testable import UnderstudyCLI

/// `serve` and `record` share where they listen and the admin token.
struct ServerOptionsTests {
    @Test func theTokenComesFromTheFlagThenTheEnvironment() throws {
        let flagged = try ServeCommand.parse(["--admin-token", "from-flag", "--port", "0"])
        #expect(try flagged.network.configuration(environment: ["UNDERSTUDY_ADMIN_TOKEN": "from-env"]).adminToken == "from-flag")
        let plain = try RecordCommand.parse(["--target", "http://127.0.0.1:1", "--root", "/tmp/x"])
        #expect(try plain.network.configuration(environment: ["UNDERSTUDY_ADMIN_TOKEN": "from-env"]).adminToken == "from-env")
        #expect(try plain.network.configuration(environment: [:]).adminToken == nil)
        #expect(try plain.network.configuration(environment: [:]).host == "127.0.0.1")
        #expect(try plain.network.configuration(environment: [:]).port == 8080)
        #expect(try plain.network.configuration(environment: [:]).requestBodyTimeout == .seconds(30))
    }

    @Test(arguments: [
        (["--admin-token", ""], [String: String](), "--admin-token is empty"),
        (["--admin-token", "  "], [:], "--admin-token is empty"),
        ([], ["UNDERSTUDY_ADMIN_TOKEN": ""], "UNDERSTUDY_ADMIN_TOKEN is empty"),
    ])
    func anEmptyAdminTokenIsRefusedNotTreatedAsNoAuthentication(arguments: [String], environment: [String: String], message: String) throws {
        let command = try ServeCommand.parse(arguments + ["--port", "0"])
        #expect {
            _ = try command.network.configuration(environment: environment)
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains("leave it out")
        }
    }

    @Test func theBodyTimeoutIsConfigurableAndPositive() throws {
        #expect(try ServeCommand.parse(["--body-timeout", "5"]).network.configuration(environment: [:]).requestBodyTimeout == .seconds(5))
        #expect(throws: CLIError.self) { try ServeCommand.parse(["--body-timeout", "0"]).network.configuration(environment: [:]) }
    }
}
