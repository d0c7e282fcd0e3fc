import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import UnderstudyTestSupport

/// Pact's own verifier judges the contracts Understudy writes: `pact verifier` from PyPI's
/// `pact-python-cli` (Pact's Rust verifier) replays a contract that `understudy pact` fetched
/// from `understudy serve` against a provider that honours it (it passes) and one that breaks
/// it (it fails, naming the interaction). Fixtures: `Tests/E2E/pact`. Skipped when `pact` is
/// not installed, unless `UNDERSTUDY_REQUIRE_PYTHON_E2E=1`, which turns that into a failure
/// (CI sets it).
struct PactVerifierTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("E2E/pact")

    static let verifierIsInstalled = (try? ChildProcess.runSynchronously(["pact", "verifier", "--help"]))?.status == 0
    static let install = "pip install 'pact-python-cli==1!0.10.9'"

    /// Sends `request` and returns the status.
    static func send(_ base: URL, _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil) async throws -> Int {
        var request = URLRequest(url: URL(string: path, relativeTo: base)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    /// What a consumer's tests send: each stub's requests (twice for one shape), a miss, a fault.
    static func exercise(_ base: URL) async throws {
        #expect(try await send(base, "GET", "/users/1", headers: ["Accept": "application/json", "X-Client": "app/1.0"]) == 200)
        #expect(try await send(base, "GET", "/users/2", headers: ["Accept": "application/json", "X-Client": "app/1.0"]) == 200)
        #expect(try await send(base, "POST", "/users", headers: ["Content-Type": "application/json"], body: #"{"name": "Grace", "team": "core"}"#) == 201)
        #expect(try await send(base, "GET", "/orders") == 200)
        #expect(try await send(base, "GET", "/nothing") == 404)
        _ = try? await send(base, "GET", "/flaky")
    }

    /// `understudy pact` against the server at `base`, into `file`; its exit status and output.
    static func fetchContract(_ base: URL, into file: URL, arguments: [String] = []) async throws -> (status: Int32, output: String) {
        let executable = try #require(PersistenceCrashTests.executable, "build the understudy executable first (swift build)")
        return try await ChildProcess.run([executable.path, "pact", "--url", base.absoluteString, "--consumer", "App", "--provider", "Users",
                                           "--output", file.path] + arguments)
    }

    /// `pact verifier` replaying `file` against the provider at `base`.
    static func verify(_ file: URL, against base: URL) async throws -> (status: Int32, output: String) {
        try await ChildProcess.run(["pact", "verifier", "--no-colour", "-f", file.path, "-h", base.host ?? "127.0.0.1",
                                    "-p", String(base.port ?? 80), "-n", "Users"], timeout: .seconds(120))
    }

    @Test(.timeLimit(.minutes(3)),
          .enabled(if: verifierIsInstalled || ChildProcess.pythonRequired,
                   "needs `pip install 'pact-python-cli==1!0.10.9'` (set UNDERSTUDY_REQUIRE_PYTHON_E2E=1 to make this a failure)"))
    func theVerifierPassesAnHonestProviderAndFailsABrokenOne() async throws {
        guard Self.verifierIsInstalled else {
            Issue.record("UNDERSTUDY_REQUIRE_PYTHON_E2E=1 but `pact verifier` is missing; run: \(Self.install)")
            return
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-pact-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let contract = work.appendingPathComponent("App-Users.json")
        let fetched = try await withServe(["--root", Self.fixtures.appendingPathComponent("consumer").path]) { base in
            try await Self.exercise(base)
            return try await Self.fetchContract(base, into: contract)
        }
        #expect(fetched.status == 0, "understudy pact exited with \(fetched.status):\n\(fetched.output)")
        #expect(fetched.output.contains("wrote 3 interaction(s)"), "\(fetched.output)")
        #expect(fetched.output.contains(#""Get user": header X-Client {"doesNotMatch":"curl/.*"}: Pact has no negative rules"#), "\(fetched.output)")
        let document = try String(contentsOf: contract, encoding: .utf8)
        #expect(!document.contains("Matched-Stub"))

        let honest = try await withServe(["--root", Self.fixtures.appendingPathComponent("consumer").path]) { base in
            try await Self.verify(contract, against: base)
        }
        #expect(honest.status == 0, "the verifier failed an honest provider:\n\(honest.output)")

        let broken = try await withServe(["--root", Self.fixtures.appendingPathComponent("broken").path]) { base in
            try await Self.verify(contract, against: base)
        }
        #expect(broken.status != 0, "the verifier passed a broken provider:\n\(broken.output)")
        #expect(broken.output.contains("Get user"), "\(broken.output)")
        #expect(broken.output.contains("missing the following keys: name"), "\(broken.output)")
        #expect(broken.output.contains("$.id"), "\(broken.output)")
    }

    @Test(.timeLimit(.minutes(4)),
          .enabled(if: verifierIsInstalled || ChildProcess.pythonRequired,
                   "needs `pip install 'pact-python-cli==1!0.10.9'` (set UNDERSTUDY_REQUIRE_PYTHON_E2E=1 to make this a failure)"))
    func aContractServedWithPactPassesTheVerifierAndSurvivesTheRoundTrip() async throws {
        guard Self.verifierIsInstalled else {
            Issue.record("UNDERSTUDY_REQUIRE_PYTHON_E2E=1 but `pact verifier` is missing; run: \(Self.install)")
            return
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-pact-\(UUID().uuidString)")
        let emptyRoot = work.appendingPathComponent("empty-root")
        try FileManager.default.createDirectory(at: emptyRoot, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let contract = work.appendingPathComponent("App-Users.json")
        let again = work.appendingPathComponent("again/App-Users.json")
        _ = try await withServe(["--root", Self.fixtures.appendingPathComponent("consumer").path]) { base in
            try await Self.exercise(base)
            return try await Self.fetchContract(base, into: contract)
        }
        // The contract served as stubs is a provider that honours it.
        let imported = try await withServe(["--root", emptyRoot.path, "--pact", contract.path]) { base in
            try await Self.verify(contract, against: base)
        }
        #expect(imported.status == 0, "the verifier failed `serve --pact` of the contract:\n\(imported.output)")
        // Import, serve, export again: the second contract still passes the honest provider.
        let exported = try await withServe(["--root", emptyRoot.path, "--pact", contract.path]) { base in
            try await Self.exercise(base)
            return try await Self.fetchContract(base, into: again)
        }
        #expect(exported.status == 0, "understudy pact exited with \(exported.status):\n\(exported.output)")
        #expect(exported.output.contains("wrote 3 interaction(s)"), "\(exported.output)")
        let honest = try await withServe(["--root", Self.fixtures.appendingPathComponent("consumer").path]) { base in
            try await Self.verify(again, against: base)
        }
        #expect(honest.status == 0, "the verifier failed the honest provider on the contract written again:\n\(honest.output)")
        let broken = try await withServe(["--root", Self.fixtures.appendingPathComponent("broken").path]) { base in
            try await Self.verify(again, against: base)
        }
        #expect(broken.status != 0, "the verifier passed a broken provider on the contract written again:\n\(broken.output)")
    }
}
