import ArgumentParser
import Foundation
import Understudy
import UnderstudyServer

/// `understudy serve`: serves a WireMock root folder on a socket, with the admin API.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the mappings of a root folder over HTTP (and HTTPS with --https-port).",
        discussion: "Loads mappings/**/*.json and serves __files from the root, with WireMock's admin API under /__admin. Stops on Ctrl-C or POST /__admin/shutdown."
    )

    @Option(name: .long, help: "The root folder holding mappings/ and __files/.")
    var root: String = "."

    @OptionGroup var network: ServerOptions

    @OptionGroup var https: HTTPSOptions

    @Option(name: .long, help: "The most request-journal entries kept; 0 disables the journal.")
    var journalCapacity: Int = 10_000

    @Flag(name: .long, help: "Render every response as a Handlebars template, not only those with the response-template transformer.")
    var globalResponseTemplating = false

    @Flag(name: .long, help: "Make {{ }} in templates escape HTML, as WireMock's WAR deployment does; standalone WireMock and the default leave values as they are.")
    var templateEscaping = false

    @Flag(name: .long, help: "Log each request's headers and bodies too.")
    var verbose = false

    @Flag(name: .long, help: "Log nothing per request.")
    var quiet = false

    func validate() throws {
        if verbose && quiet { throw ValidationError("--verbose and --quiet contradict each other; pick one") }
    }

    /// The mock's settings, from the flags.
    func mockConfiguration(root: MappingsRoot) -> HTTPMock.Configuration {
        HTTPMock.Configuration(journalCapacity: journalCapacity, root: root, globalTemplating: globalResponseTemplating,
                               templateEscaping: templateEscaping)
    }

    func run() async throws {
        let mappingsRoot = MappingsRoot(path: root)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: mappingsRoot.url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError("root folder \(root) does not exist; pass --root with a folder that holds mappings/ and __files/")
        }
        let mappings: [StubMapping]
        do {
            let loaded = try mappingsRoot.loadMappingsWithWarnings()
            mappings = loaded.mappings
            for line in Self.startupWarnings(loaded.warnings) {
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
        } catch {
            throw CLIError(error.description)
        }
        let mock = HTTPMock(configuration: mockConfiguration(root: mappingsRoot))
        mock.stub(mappings)
        var configuration = try network.configuration()
        let authorityFile = try https.apply(to: &configuration)
        let log = quiet ? nil : RequestLog(mock: mock, formatter: RequestLogFormatter(style: .forStandardOutput(), verbose: verbose))
        if let log { configuration.requestObserver = { log.record($0, elapsed: $1) } }
        let logging = Task { await log?.run() }
        let server = MockServer(mock: mock, configuration: configuration)
        do {
            try await server.start()
        } catch {
            logging.cancel()
            throw CLIError("\(error)")
        }
        FileHandle.standardOutput.write(Data((Self.startupLine(server: server, stubs: mappings.count, root: root, authorityFile: authorityFile) + "\n").utf8))
        let signals = SignalWatcher(signals: [SIGINT, SIGTERM]) {
            Task { try? await server.shutdown() }
        }
        await server.waitUntilShutdown()
        signals.cancel()
        logging.cancel()
        await logging.value
        FileHandle.standardOutput.write(Data("understudy: stopped\n".utf8))
    }
}

extension ServeCommand {
    /// `understudy: serving N stub(s) from ROOT at http://… and https://… (admin API at …; CA certificate: FILE)`.
    static func startupLine(server: MockServer, stubs: Int, root: String, authorityFile: URL?) -> String {
        let urls = [try? server.baseURL, try? server.httpsBaseURL].compactMap { $0 }
        let addresses = urls.map(\.absoluteString).joined(separator: " and ")
        var notes = urls.first.map { ["admin API at \($0)/__admin"] } ?? []
        if let authorityFile { notes.append("CA certificate: \(authorityFile.path)") }
        return "understudy: serving \(stubs) stub(s) from \(root) at \(addresses) (\(notes.joined(separator: "; ")))"
    }

    /// The lines `serve` writes to standard error after loading, as `lint` reports them: what
    /// the mappings hold that is ignored, and regular expressions that can backtrack.
    static func startupWarnings(_ warnings: [MappingWarning]) -> [String] {
        warnings.map { "understudy: warning: \($0)" }
    }
}

/// A failure the CLI reports as one line on standard error, with exit status 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
