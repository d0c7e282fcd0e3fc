import ArgumentParser
import Foundation
import UnderstudyServer

/// Where `serve` and `record` listen and who may use their admin API.
struct ServerOptions: ParsableArguments {
    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8080

    @Option(name: [.long, .customLong("bind-address")], help: "The address to bind (WireMock's --bind-address). Anything but loopback exposes the server and its admin API to the network.")
    var bind: String = "127.0.0.1"

    @Option(name: .long, help: "Require 'Authorization: Bearer <token>' on /__admin (default: $UNDERSTUDY_ADMIN_TOKEN, else none).")
    var adminToken: String?

    @Option(name: .long, help: "Seconds a request body may take to arrive after its head; slower clients get 408.")
    var bodyTimeout: Int = 30

    /// The server settings, warning on standard error when the address is not loopback.
    /// An empty admin token (flag or environment) is refused: it would look like protection
    /// and be none.
    func configuration(environment: [String: String] = ProcessInfo.processInfo.environment) throws(CLIError) -> MockServerConfiguration {
        let token = adminToken ?? environment["UNDERSTUDY_ADMIN_TOKEN"]
        if let token, token.trimmingCharacters(in: .whitespaces).isEmpty {
            let source = adminToken != nil ? "--admin-token" : "UNDERSTUDY_ADMIN_TOKEN"
            throw CLIError("\(source) is empty; give a secret (for example `--admin-token \"$(openssl rand -hex 16)\"`), or leave it out to run without admin authentication")
        }
        guard bodyTimeout > 0 else {
            throw CLIError("--body-timeout must be at least 1 second, got \(bodyTimeout)")
        }
        if !["127.0.0.1", "::1", "localhost"].contains(bind) {
            FileHandle.standardError.write(Data("warning: binding \(bind) exposes the server and the admin API beyond this machine\n".utf8))
        }
        return MockServerConfiguration(host: bind, port: port, adminToken: token, requestBodyTimeout: .seconds(bodyTimeout))
    }
}
