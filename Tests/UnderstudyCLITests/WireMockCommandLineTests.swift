import ArgumentParser
import Foundation
import Testing
import Understudy
@testable import UnderstudyCLI

/// A command line written for WireMock 3.13's standalone server (`standalone/CommandLineOptions.java`
/// at 3.13.2) runs `understudy serve` unchanged: the options with a meaning here keep it, the
/// rest are accepted with a note each, and Java-only ones are refused with what to do instead.
struct WireMockCommandLineTests {
    /// As docker-compose files for the `wiremock/wiremock` image pass them.
    static let composeLine = [
        "--port", "8080", "--root-dir", "/home/wiremock", "--bind-address", "0.0.0.0", "--verbose",
        "--global-response-templating", "--max-request-journal-entries", "1000", "--disable-banner",
        "--container-threads", "100", "--async-response-enabled", "true", "--jetty-acceptor-threads", "4",
        "--disable-gzip", "--local-response-templating",
    ]

    @Test func aWireMockComposeLineParsesWithWireMocksMeaning() throws {
        let command = try ServeCommand.parse(Self.composeLine)
        #expect(command.root == "/home/wiremock")
        #expect(command.network.bind == "0.0.0.0")
        #expect(command.network.port == 8080)
        #expect(command.verbose)
        let configuration = command.mockConfiguration(root: MappingsRoot(path: command.root))
        #expect(configuration.journalCapacity == 1000)
        #expect(configuration.globalTemplating)
    }

    @Test func optionsWithoutAnEffectHereEachGetOneNote() throws {
        let notes = try ServeCommand.parse(Self.composeLine).wireMock.notes
        #expect(notes.map { $0.components(separatedBy: " has no effect")[0] } == [
            "understudy: note: --container-threads", "understudy: note: --async-response-enabled",
            "understudy: note: --jetty-acceptor-threads", "understudy: note: --disable-gzip",
            "understudy: note: --disable-banner", "understudy: note: --local-response-templating",
        ])
        #expect(try ServeCommand.parse([]).wireMock.notes.isEmpty)
    }

    @Test func noRequestJournalTurnsTheJournalOff() throws {
        let command = try ServeCommand.parse(["--no-request-journal"])
        #expect(command.mockConfiguration(root: MappingsRoot(path: ".")).journalCapacity == 0)
        #expect(try ServeCommand.parse(["--disable-request-logging"]).quiet)
        #expect(try ServeCommand.parse(["--print-all-network-traffic"]).verbose)
    }

    @Test(arguments: [
        (["--extensions", "com.example.MyTransformer"], "Java classes and cannot run here"),
        (["--https-keystore", "keystore.jks"], "give the certificate and key as PEM with --https-cert and --https-key"),
    ])
    func javaOnlyOptionsAreRefusedWithWhatToDoInstead(arguments: [String], message: String) {
        #expect {
            _ = try ServeCommand.parse(arguments)
        } throws: { error in
            ServeCommand.message(for: error).contains(message)
        }
    }

    /// A 404 from an empty server tells a command-line user about files and the admin API,
    /// not about Swift calls.
    @Test func anEmptyServersReportNamesMappingFilesNotSwiftCalls() throws {
        let command = try ServeCommand.parse(["--root-dir", "/srv/stubs"])
        let mock = HTTPMock(configuration: command.mockConfiguration(root: MappingsRoot(path: command.root)))
        let text = mock.nearMisses(for: RecordedRequest(method: .get, url: "/anything")).text
        #expect(text.contains("Add a mapping file under /srv/stubs/mappings/ and restart, or POST one to /__admin/mappings."), "\(text)")
        #expect(!text.contains("mock.stub"))
        #expect(HTTPMock().nearMisses(for: RecordedRequest(method: .get, url: "/anything")).text.contains("Add one with mock.stub(...)"))
        let watching = try ServeCommand.parse(["--root-dir", "/srv/stubs", "--watch"])
        let watched = HTTPMock(configuration: watching.mockConfiguration(root: MappingsRoot(path: watching.root)))
        #expect(watched.nearMisses(for: RecordedRequest(method: .get, url: "/anything")).text
            .contains("Add a mapping file under /srv/stubs/mappings/, or POST one to /__admin/mappings."))
    }

    /// `serve --openapi` in a folder that has mappings says it serves them too (they win).
    @Test func theStartLineSaysWhatWasLoaded() {
        #expect(ServeCommand.contents(stubs: 3, messageStubs: 1, root: "stubs", operations: nil)
            == "3 stub(s) and 1 message stub(s) from stubs")
        #expect(ServeCommand.contents(stubs: 0, messageStubs: 0, root: ".", operations: (288, "openai.yaml"))
            == "288 operation(s) of openai.yaml")
        #expect(ServeCommand.contents(stubs: 2, messageStubs: 0, root: ".", operations: (288, "openai.yaml"))
            == "288 operation(s) of openai.yaml, and 2 stub(s) from ., which win over the operations")
    }

    @Test func anUnknownOptionIsStillAnError() {
        #expect {
            _ = try ServeCommand.parse(["--root-dirr", "x"])
        } throws: { error in
            ServeCommand.message(for: error).contains("--root-dirr")
        }
    }
}
