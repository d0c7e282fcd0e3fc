import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Understudy
import UnderstudyPact

/// `understudy pact`: fetches the Pact contract of what a running `understudy serve` answered
/// (`GET /__admin/pact`) and writes it where a provider's build picks it up.
struct PactCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pact",
        abstract: "Write the Pact contract of what a running server answered.",
        discussion: """
            Asks the server's admin API (GET /__admin/pact) for the Pact v4 (or v3) contract of the requests its stubs \
            answered: one interaction per distinct request shape, with matching rules from the stubs' patterns. Writes it \
            as pacts/CONSUMER-PROVIDER.json unless --output says otherwise, and lists on standard error the patterns \
            Pact has no rule for.
            """
    )

    @Option(name: .long, help: "The consumer's name (the application whose tests made the requests).")
    var consumer: String

    @Option(name: .long, help: "The provider's name (the service the stubs stand in for).")
    var provider: String

    @Option(name: .long, help: "The running server's base URL.")
    var url: String = "http://127.0.0.1:8080"

    @Option(name: .long, help: "Only the requests of this namespace.")
    var namespace: String?

    @Option(name: .long, help: "The Pact specification to write: 4 or 3.")
    var specification: String = "4"

    @Option(name: .customLong("admin-token"), help: "The server's admin token, when it was started with one.")
    var adminToken: String?

    @Option(name: [.short, .long], help: "The file to write; - for standard output. Default: pacts/CONSUMER-PROVIDER.json.")
    var output: String?

    func validate() throws {
        guard PactSpecification(specification) != nil else { throw ValidationError("--specification is 3 or 4, not \(specification)") }
    }

    func run() async throws {
        let document = try await fetch()
        let data = document.jsonData(pretty: true)
        let gaps = document["metadata"]?["understudy"]?["patternsWithoutPactEquivalent"]?.arrayValue ?? []
        let count = document["interactions"]?.arrayValue?.count ?? 0
        if output == "-" {
            FileHandle.standardOutput.write(data)
            FileHandle.standardOutput.write(Data("\n".utf8))
        } else {
            let file = URL(fileURLWithPath: output ?? "pacts/\(consumer)-\(provider).json")
            do {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file, options: .atomic)
            } catch {
                throw CLIError("cannot write \(file.path): \(error.localizedDescription); pass --output with a writable path")
            }
            FileHandle.standardError.write(Data("understudy: wrote \(count) interaction(s) to \(file.path)\n".utf8))
        }
        if !gaps.isEmpty {
            var text = "understudy: \(gaps.count) pattern(s) have no Pact equivalent (the contract holds the request as sent there):\n"
            for gap in gaps {
                let parts = ["interaction", "field", "pattern", "reason"].map { gap[$0]?.stringValue ?? "" }
                text += "  \"\(parts[0])\": \(parts[1]) \(parts[2]): \(parts[3])\n"
            }
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// The contract, as the server wrote it.
    private func fetch() async throws -> JSONValue {
        guard var components = URLComponents(string: url), components.host != nil else {
            throw CLIError("--url \(url) is not a base URL such as http://127.0.0.1:8080")
        }
        components.path = (components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path) + "/__admin/pact"
        var query = [URLQueryItem(name: "consumer", value: consumer), URLQueryItem(name: "provider", value: provider),
                     URLQueryItem(name: "specification", value: specification)]
        if let namespace { query.append(URLQueryItem(name: "namespace", value: namespace)) }
        components.queryItems = query
        guard let address = components.url else { throw CLIError("--url \(url) is not a base URL such as http://127.0.0.1:8080") }
        var request = URLRequest(url: address)
        if let adminToken { request.setValue("Bearer \(adminToken)", forHTTPHeaderField: "Authorization") }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw CLIError("cannot reach \(address.absoluteString): \(error.localizedDescription); is `understudy serve` running there?")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            throw CLIError("GET \(address.absoluteString) answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
        do {
            return try JSONValue(parsing: data)
        } catch {
            throw CLIError("GET \(address.absoluteString) did not answer JSON: \(error)")
        }
    }
}
