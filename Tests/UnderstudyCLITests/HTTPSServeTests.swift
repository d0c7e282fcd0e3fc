import ArgumentParser
import Foundation
import Testing
@testable import UnderstudyCLI
import UnderstudyServer
import UnderstudyTLS
import UnderstudyTestSupport

/// `serve --https-port` and `understudy ca`: the startup line names both URLs and the CA file,
/// curl trusts the exported authority, the options refuse what cannot work.
struct HTTPSServeTests {
    /// A temporary folder with a root of one stub and room for a CA.
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-https-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("root/mappings"), withIntermediateDirectories: true)
        try Data(#"{"request": {"method": "GET", "urlPath": "/hello"}, "response": {"status": 200, "body": "hi"}}"#.utf8)
            .write(to: folder.appendingPathComponent("root/mappings/hello.json"))
        return folder
    }

    /// Runs the executable to its end; its outputs go to files (reading pipes can trap on EINTR).
    private func understudy(_ arguments: [String], in folder: URL) async throws -> (status: Int32, output: Data) {
        let executable = try #require(PersistenceCrashTests.executable, "build the understudy executable first (swift build)")
        let out = folder.appendingPathComponent("out-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        let process = TestProcess()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: out)
        let exited = try process.runUntilExit()
        for await _ in exited {}
        return (process.terminationStatus, try Data(contentsOf: out))
    }

    private func curl(_ arguments: [String]) async throws -> String {
        try await run(["curl", "-sS"] + arguments).standardOutput
    }

    @Test(.timeLimit(.minutes(1)))
    func serveWithAnHTTPSPortPrintsBothURLsAndTheAuthorityCurlTrusts() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let executable = try #require(PersistenceCrashTests.executable, "build the understudy executable first (swift build)")
        let caDir = folder.appendingPathComponent("ca")
        let process = TestProcess()
        process.executableURL = executable
        process.arguments = ["serve", "--root", folder.appendingPathComponent("root").path, "--port", "0", "--https-port", "0",
                             "--ca-dir", caDir.path, "--quiet"]
        let output = Pipe()
        process.standardOutput = output
        let exited = try process.runUntilExit()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let line = await readFirstLine(from: output.fileHandleForReading) ?? ""
        let https = try #require(line.firstMatch(of: /https:\/\/127\.0\.0\.1:[0-9]+/).map { String($0.output) }, "\(line)")
        #expect(line.contains(" at http://127.0.0.1:"), "\(line)")
        #expect(line.contains("CA certificate: \(caDir.appendingPathComponent("ca.pem").path)"), "\(line)")
        let body = try await curl(["--http2", "--cacert", caDir.appendingPathComponent("ca.pem").path, https + "/hello"])
        #expect(body == "hi")
        let served = try await curl(["--cacert", caDir.appendingPathComponent("ca.pem").path, https + "/__admin/certs/wiremock-ca.crt"])
        #expect(served == (try String(contentsOf: caDir.appendingPathComponent("ca.pem"), encoding: .utf8)))
        kill(process.processIdentifier, SIGINT)
        for await _ in exited {}
        #expect(process.terminationStatus == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func caExportWritesTheSameAuthorityAsPEMAndDER() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let caDir = folder.appendingPathComponent("ca").path
        let pem = try await understudy(["ca", "export", "--format", "pem", "--ca-dir", caDir], in: folder)
        let der = try await understudy(["ca", "export", "--format", "der", "--ca-dir", caDir], in: folder)
        #expect(pem.status == 0 && der.status == 0)
        let text = String(decoding: pem.output, as: UTF8.self)
        #expect(text.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
        let base64 = text.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        #expect(Data(base64Encoded: base64) == der.output, "the DER is the PEM's content")
        // The same authority on the next run: made once, then kept.
        let again = try await understudy(["ca", "export", "--ca-dir", caDir], in: folder)
        #expect(again.output == pem.output)
        let key = try FileManager.default.attributesOfItem(atPath: caDir + "/ca-key.pem")[.posixPermissions] as? Int
        #expect(key == 0o600, "the authority's key is readable by its owner only")
    }

    @Test(arguments: [
        (["--https-cert", "c.pem"], "--https-cert and --https-key go together"),
        (["--https-require-client-cert"], "HTTPS options need --https-port"),
        (["--disable-http"], "HTTPS options need --https-port"),
    ])
    func httpsOptionsThatCannotWorkAreRefused(arguments: [String], message: String) throws {
        #expect { try ServeCommand.parse(arguments) } throws: { error in
            ServeCommand.message(for: error).contains(message)
        }
    }

    @Test func theHTTPSOptionsBuildTheServersSettings() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let command = try ServeCommand.parse(["--https-port", "0", "--no-http2", "--disable-http", "--ca-dir", folder.appendingPathComponent("ca").path])
        var configuration = try command.network.configuration(environment: [:])
        let authorityFile = try command.https.apply(to: &configuration)
        #expect(authorityFile?.lastPathComponent == "ca.pem")
        #expect(configuration.httpEnabled == false)
        #expect(configuration.https?.http2 == false)
    }

    /// WireMock's standalone `CommandLineOptions.java`: h2c on the plain port unless
    /// `--disable-http2-plain`; `--disable-http2-tls` is the same as `--no-http2`.
    @Test func thePlainPortSpeaksH2CUnlessDisabledAsInWireMock() throws {
        let plain = try ServeCommand.parse([])
        var configuration = try plain.network.configuration(environment: [:])
        #expect(try plain.https.apply(to: &configuration) == nil)
        #expect(configuration.http2PriorKnowledge)
        #expect(configuration.https == nil)
        let disabled = try ServeCommand.parse(["--disable-http2-plain"])
        var off = try disabled.network.configuration(environment: [:])
        _ = try disabled.https.apply(to: &off)
        #expect(!off.http2PriorKnowledge)
        #expect(try ServeCommand.parse(["--https-port", "0", "--disable-http2-tls"]).https.noHttp2)
    }
}
