import Foundation
import Testing
import Understudy
#if canImport(FoundationNetworking)
import FoundationNetworking
import UnderstudyTestSupport
#endif

/// Persistent mappings survive a crash: `understudy serve` is killed with SIGKILL while a client
/// keeps adding large persistent mappings, and every file left in `mappings/` is whole.
struct PersistenceCrashTests {
    /// The `understudy` executable built beside this test bundle.
    static var executable: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("understudy"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/debug/understudy").standardizedFileURL,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    @Test(.timeLimit(.minutes(1)))
    func aKillMidWriteLeavesNoTruncatedMapping() async throws {
        let executable = try #require(Self.executable, "build the understudy executable first (swift build)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)

        let process = TestProcess()
        process.executableURL = executable
        process.arguments = ["serve", "--root", folder.path, "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        let exited = try process.runUntilExit()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let baseURL = try #require(await readBaseURL(from: output.fileHandleForReading))

        // ~2 MB per mapping, so that a write takes long enough to be interrupted.
        let bigBody = String(repeating: "0123456789abcdef", count: 128 * 1024)
        // The writer stops at its first failed request, which the kill below brings. It is not
        // cancelled: cancelling a task inside `URLSession.data(for:)` while that request fails
        // can deadlock swift-corelibs-foundation (the task's status lock against the session's
        // queue), which hung this test.
        let writer = Task {
            var written = 0
            while true {
                var request = URLRequest(url: baseURL.appendingPathComponent("__admin/mappings"))
                request.httpMethod = "POST"
                request.timeoutInterval = 5
                request.httpBody = Data(#"{"persistent": true, "request": {"urlPath": "/big/\#(written)"}, "response": {"status": 200, "body": "\#(bigBody)"}}"#.utf8)
                guard (try? await URLSession.shared.data(for: request)) != nil else { break }
                written += 1
            }
            return written
        }
        // Kill the server the moment a mapping is being written: a temporary file exists, or a
        // mapping file is still shorter than its body alone.
        let mappingsFolder = folder.appendingPathComponent("mappings")
        let deadline = ContinuousClock.now + .seconds(20)
        var killedMidWrite = false
        while !killedMidWrite, ContinuousClock.now < deadline {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: mappingsFolder.path)) ?? [] {
                let size = (try? FileManager.default.attributesOfItem(atPath: mappingsFolder.appendingPathComponent(name).path)[.size] as? Int) ?? 0
                if name.hasPrefix(".") || (name.hasSuffix(".json") && size < bigBody.utf8.count) {
                    kill(process.processIdentifier, SIGKILL)
                    killedMidWrite = true
                    break
                }
            }
        }
        kill(process.processIdentifier, SIGKILL)
        #expect(killedMidWrite, "no write was caught in progress; the test proved nothing")
        for await _ in exited {}
        let acknowledged = await writer.value

        // Every mapping file is whole, and every acknowledged mapping is on disk.
        let mappings = try MappingsRoot(folder).loadMappings()
        #expect(mappings.count >= acknowledged)
        for mapping in mappings {
            #expect(mapping.response.definition?.body == .text(bigBody))
        }
    }
}

