import ArgumentParser
import Foundation
import UnderstudyServer

/// Where `serve` and `record` listen and who may use their admin API.
struct ServerOptions: ParsableArguments {
    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8080

    @Option(name: .long, help: "The address to bind. Anything but loopback exposes the server and its admin API to the network.")
    var bind: String = "127.0.0.1"

    @Option(name: .long, help: "Require 'Authorization: Bearer <token>' on /__admin (default: $UNDERSTUDY_ADMIN_TOKEN, else none).")
    var adminToken: String?

    /// The server settings, warning on standard error when the address is not loopback.
    func configuration(environment: [String: String] = ProcessInfo.processInfo.environment) -> MockServerConfiguration {
        if !["127.0.0.1", "::1", "localhost"].contains(bind) {
            FileHandle.standardError.write(Data("warning: binding \(bind) exposes the server and the admin API beyond this machine\n".utf8))
        }
        return MockServerConfiguration(host: bind, port: port, adminToken: adminToken ?? environment["UNDERSTUDY_ADMIN_TOKEN"])
    }
}
