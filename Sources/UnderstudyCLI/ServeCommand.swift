import ArgumentParser
import Foundation
import Understudy
import UnderstudyGRPC
import UnderstudyNetworkProfiles
import UnderstudyOpenAPI
import UnderstudyPact
import UnderstudyPostgres
import UnderstudyRecording
import UnderstudyServer
import UnderstudySupport

/// `understudy serve`: serves a WireMock root folder on a socket, with the admin API.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the mappings of a root folder over HTTP (and HTTPS with --https-port).",
        discussion: "Loads mappings/**/*.json and serves __files from the root, with WireMock's admin API under /__admin. With --openapi, also answers every operation of an OpenAPI document (the root's mappings win). Stops on Ctrl-C or POST /__admin/shutdown."
    )

    @Option(name: [.long, .customLong("root-dir")], help: "The root folder holding mappings/ and __files/ (WireMock's --root-dir).")
    var root: String = "."

    @OptionGroup var network: ServerOptions

    @OptionGroup var https: HTTPSOptions

    @Option(name: [.long, .customLong("max-request-journal-entries")], help: "The most request-journal entries kept; 0 disables the journal (WireMock's --max-request-journal-entries).")
    var journalCapacity: Int = 10_000

    @Option(name: .long, help: ArgumentHelp("Share stubs, scenario states, call counts and the request journal with every instance given the same PostgreSQL database, as postgres://user:password@host:5432/database. Its tables are made (or migrated) on start.", valueName: "url"))
    var store: String?

    @Option(name: .customLong("store-timeout"), help: "With --store: the seconds a database call may take before the request (or admin call) it serves fails with 503.")
    var storeTimeout: Double = 5

    @Flag(name: .customLong("no-request-journal"), help: "Keep no request journal, as WireMock's flag: the journal endpoints say requestJournalDisabled.")
    var noRequestJournal = false

    @Flag(name: .long, help: "Render every response as a Handlebars template, not only those with the response-template transformer.")
    var globalResponseTemplating = false

    @Flag(name: .long, help: "Make {{ }} in templates escape HTML, as WireMock's WAR deployment does; standalone WireMock and the default leave values as they are.")
    var templateEscaping = false

    @Flag(name: [.long, .customLong("print-all-network-traffic")], help: "Log each request's headers and bodies too.")
    var verbose = false

    @Flag(name: [.long, .customLong("disable-request-logging")], help: "Log nothing per request.")
    var quiet = false

    @Option(name: .customLong("proxy-all"), help: "Forward every request no stub matches to this base URL (WireMock's --proxy-all: a priority-10 proxy stub, so the root's stubs win).")
    var proxyAll: String?

    @Flag(name: .customLong("preserve-host-header"), help: "Send proxied requests upstream with the client's Host header, not the upstream URL's.")
    var preserveHostHeader = false

    @Flag(name: .long, help: "Reload mappings/ and message-mappings/ when their files change; a file that does not load is reported and the stubs loaded before stay served.")
    var watch = false

    @Flag(name: .customLong("enable-stub-cors"), help: "Answer CORS preflights and allow cross-origin requests on stub responses (WireMock's flag: any origin, any header).")
    var enableStubCORS = false

    @Flag(name: .customLong("record-mappings"), help: "On shutdown, write what was proxied as mappings (and __files) under the root, as `understudy record` does.")
    var recordMappings = false

    @OptionGroup var wireMock: WireMockOptions

    @Option(name: .customLong("network-profile"),
            help: ArgumentHelp("Answer every request as if over this network, unless its stub names its own: a preset (\(NetworkProfile.presetNames.joined(separator: ", "))) or a JSON object such as '{\"downlinkKbps\": 500, \"downlinkDelayMilliseconds\": 200}'.", valueName: "profile"),
            transform: { text in
                do throws(MappingDecodingError) {
                    return try NetworkProfile(argument: text)
                } catch {
                    throw ValidationError("--network-profile: \(error.message)")
                }
            })
    var networkProfile: NetworkProfile?

    @Option(name: .long, help: "An OpenAPI 3.0 or 3.1 document (YAML or JSON) whose operations are served: examples, or bodies generated from the schemas. The root folder may then be absent.")
    var openapi: String?

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("Pact contracts (v2, v3 or v4 JSON) whose HTTP interactions are served, one stub each, with patterns from their matching rules (the root's mappings come first). The root folder may then be absent.", valueName: "file"))
    var pact: [String] = []

    @Option(name: .long, help: "With --openapi: the path the document's operations are under, for clients whose server URL has one (/v1 for https://api.example.com/v1).")
    var openapiBasePath: String?

    @Option(name: .long, help: "With --openapi: the seed of bodies generated from the document (default 0).")
    var openapiSeed: UInt64?

    @Flag(name: .customLong("validate"), help: "With --openapi: answer requests that violate the document with a 400 listing the violations (404 for an undocumented path, 405 for an undocumented method), and report every request and answer (stubbed or proxied) that violates it on standard error.")
    var validatesTraffic = false

    @Option(name: .long, help: "With --openapi: on shutdown, write which operations and responses were exercised to this file as JSON (and print them as text).")
    var coverage: String?

    func validate() throws {
        if verbose && quiet { throw ValidationError("--verbose and --quiet contradict each other; pick one") }
        if let proxyAll, URL(string: proxyAll).map({ ["http", "https"].contains($0.scheme ?? "") && $0.host != nil }) != true {
            throw ValidationError("--proxy-all \(proxyAll) is not a base URL to forward to; give one such as http://localhost:8081 or https://api.example.com")
        }
        if recordMappings && (noRequestJournal || journalCapacity == 0) {
            throw ValidationError("--record-mappings records from the request journal, which --no-request-journal (or --journal-capacity 0) turns off; drop one of them")
        }
        if storeTimeout <= 0 || !storeTimeout.isFinite {
            throw ValidationError("--store-timeout \(storeTimeout) is not a number of seconds above 0; give one such as 5 or 0.5")
        }
        if openapi == nil && (validatesTraffic || coverage != nil || openapiBasePath != nil || openapiSeed != nil) {
            throw ValidationError("--validate, --coverage, --openapi-base-path and --openapi-seed need an OpenAPI document; add --openapi spec.yaml")
        }
    }

    /// The mock's settings, from the flags.
    func mockConfiguration(root: MappingsRoot) -> HTTPMock.Configuration {
        var configuration = HTTPMock.Configuration(journalCapacity: noRequestJournal ? 0 : journalCapacity, root: root,
                                                   globalTemplating: globalResponseTemplating, templateEscaping: templateEscaping)
        let folder = root.url.appendingPathComponent("mappings").path
        // With --watch a saved file is served at once; without it, after a restart.
        configuration.networkProfile = networkProfile
        configuration.mappingExtensions = .understudy
        configuration.noStubsHint = "Add a mapping file under \(folder)/\(watch ? "" : " and restart"), or POST one to /__admin/mappings."
        return configuration
    }

    func run() async throws {
        for note in wireMock.notes { FileHandle.standardError.write(Data((note + "\n").utf8)) }
        let mappingsRoot = MappingsRoot(path: root)
        var isDirectory: ObjCBool = false
        let document = try openapi.map(Self.readDocument).map { document in openapiBasePath.map(document.mounted(at:)) ?? document }
        guard FileManager.default.fileExists(atPath: mappingsRoot.url.path, isDirectory: &isDirectory) && isDirectory.boolValue || document != nil || !pact.isEmpty else {
            throw CLIError("root folder \(root) does not exist; pass --root with a folder that holds mappings/ and __files/")
        }
        let mappings: [StubMapping]
        let messageStubs: [MessageStubMapping]
        do {
            let loaded = try mappingsRoot.loadMappingsWithWarnings(extensions: .understudy)
            mappings = loaded.mappings
            messageStubs = try mappingsRoot.loadMessageMappings()
            for line in Self.startupWarnings(loaded.warnings) {
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
        } catch {
            throw CLIError(error.description)
        }
        let sharedStore = try store.map(connectStore)
        defer { sharedStore?.close() }
        let mock = sharedStore.map { HTTPMock(configuration: mockConfiguration(root: mappingsRoot), sharing: $0) }
            ?? HTTPMock(configuration: mockConfiguration(root: mappingsRoot))
        // Into a shared store, the root's stubs go once: each keeps the id its file gives it (or
        // one derived from the file), so instances loading the same root replace, not repeat.
        let (_, loadFailure) = StoreFailures.collecting { mock.stub(mappings) }
        if let loadFailure { throw CLIError("--store: the root's stubs could not be stored: \(loadFailure)") }
        // gRPC: the descriptor sets of the root's grpc/ folder (WireMock's gRPC extension's layout).
        do {
            try mock.grpc.reload(from: mappingsRoot)
        } catch {
            throw CLIError(error.description)
        }
        if let proxyAll {
            // As WireMock's standalone runner (`standalone/WireMockServerRunner.java`, addProxyMapping): priority 10.
            mock.stub(StubMapping(name: "Proxy all to \(proxyAll)", priority: 10, .anyRequest, .proxy(to: proxyAll)))
        }
        for stub in messageStubs { mock.messages.stub(stub) }
        for file in pact {
            do {
                let loaded = try mock.stub(pact: URL(fileURLWithPath: file))
                for warning in loaded.warnings { FileHandle.standardError.write(Data("understudy: warning: \(warning)\n".utf8)) }
            } catch {
                throw CLIError("--pact: \(error)")
            }
        }
        if let document {
            mock.stub(openAPI: document, options: OpenAPIStubOptions(seed: openapiSeed ?? 0, validatesRequests: validatesTraffic))
        }
        var configuration = try network.configuration()
        configuration.proxyPreservesHostHeader = preserveHostHeader
        configuration.stubCORS = enableStubCORS
        configuration.serveGRPC(for: mock)
        if let document { configuration.adminExtensions = OpenAPIAdminEndpoints.all(document: document, mock: mock) }
        let authorityFile = try https.apply(to: &configuration)
        let log = quiet ? nil : RequestLog(mock: mock, formatter: RequestLogFormatter(style: .forStandardOutput(), verbose: verbose))
        let trafficCheck = validatesTraffic ? document.map { OpenAPITrafficConsole(document: $0, mock: mock) } : nil
        if let trafficCheck { configuration.requestObserver = { event, _ in trafficCheck.record(event) } }
        if let log {
            mock.addServeListener(log)
            mock.messages.observe { log.record($0) }
        }
        let watcher = watch ? MappingsWatcher(root: mappingsRoot, mock: mock, stubs: mappings, messageStubs: messageStubs) : nil
        let watching = Task {
            await watcher?.run(report: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
                               reportFailure: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
        }
        let logging = Task { await log?.run() }
        let checking = Task { await trafficCheck?.run() }
        let server = MockServer(mock: mock, configuration: configuration)
        do {
            try await server.start()
        } catch {
            logging.cancel()
            checking.cancel()
            watching.cancel()
            throw CLIError("\(error)")
        }
        let contents = Self.contents(stubs: mappings.count, messageStubs: messageStubs.count, root: root,
                                     operations: document.map { ($0.operations.count, $0.source) })
        FileHandle.standardOutput.write(Data((Self.startupLine(server: server, contents: contents, authorityFile: authorityFile) + "\n").utf8))
        let signals = SignalWatcher(signals: [SIGINT, SIGTERM]) {
            Task { try? await server.shutdown() }
        }
        await server.waitUntilShutdown()
        signals.cancel()
        watching.cancel()
        logging.cancel()
        checking.cancel()
        await logging.value
        await checking.value
        if let document, let coverage {
            let report = mock.openAPICoverage(document)
            FileHandle.standardOutput.write(Data(report.text.utf8))
            do {
                try report.json.jsonData(pretty: true).write(to: URL(fileURLWithPath: coverage))
            } catch {
                throw CLIError("cannot write the coverage report to \(coverage): \(error.localizedDescription)")
            }
        }
        if recordMappings {
            do {
                let recorded = try server.recorder.snapshot(RecordSpec())
                FileHandle.standardOutput.write(Data("understudy: recorded \(recorded.mappings.count) stub(s) and \(recorded.files.count) body file(s) into \(root)\n".utf8))
            } catch {
                throw CLIError("--record-mappings: \(error)")
            }
        }
        FileHandle.standardOutput.write(Data("understudy: stopped\n".utf8))
    }

    /// Connects to the `--store` database (making or migrating its tables).
    private func connectStore(_ url: String) throws -> PostgresStateStore {
        do {
            let store = try PostgresStateStore(url: url, timeout: .milliseconds(Int(storeTimeout * 1000)),
                                               journalCapacity: noRequestJournal ? 0 : journalCapacity, mappingExtensions: .understudy)
            FileHandle.standardError.write(Data("understudy: sharing stubs, scenarios and the journal through PostgreSQL at \(store.location)\n".utf8))
            return store
        } catch {
            throw CLIError("--store: \(error)")
        }
    }

    /// Reads the `--openapi` document, turning its error into one line.
    static func readDocument(_ path: String) throws -> OpenAPIDocument {
        do {
            let document = try OpenAPIDocument(contentsOf: URL(fileURLWithPath: path))
            for warning in document.warnings { FileHandle.standardError.write(Data("understudy: warning: \(warning)\n".utf8)) }
            return document
        } catch {
            throw CLIError(error.description)
        }
    }
}

extension ServeCommand {
    /// `understudy: serving WHAT at http://… and https://… (admin API at …; dashboard at …; CA certificate: FILE)`.
    static func startupLine(server: MockServer, contents: String, authorityFile: URL?) -> String {
        let urls = [try? server.baseURL, try? server.httpsBaseURL].compactMap { $0 }
        let addresses = urls.map(\.absoluteString).joined(separator: " and ")
        var notes = urls.first.map { ["admin API at \($0)/__admin", "dashboard at \($0)/__admin/dashboard"] } ?? []
        if let authorityFile { notes.append("CA certificate: \(authorityFile.path)") }
        return "understudy: serving \(contents) at \(addresses) (\(notes.joined(separator: "; ")))"
    }

    /// What the start-up line says is served: `3 stub(s) and 1 message stub(s) from ROOT`, or
    /// with a document, its operations first and then any stubs the root added (which win over
    /// the operations), so that none is loaded unannounced.
    static func contents(stubs: Int, messageStubs: Int, root: String, operations: (count: Int, source: String)?) -> String {
        let messages = messageStubs > 0 ? " and \(messageStubs) message stub(s)" : ""
        guard let operations else { return "\(stubs) stub(s)\(messages) from \(root)" }
        let document = "\(operations.count) operation(s) of \(operations.source)"
        guard stubs + messageStubs > 0 else { return document }
        return document + ", and \(stubs) stub(s)\(messages) from \(root), which win over the operations"
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
