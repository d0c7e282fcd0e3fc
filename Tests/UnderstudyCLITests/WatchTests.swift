import Foundation
import Testing
import Understudy
import UnderstudyTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `serve --watch`: edits to the root's files are served without a restart; a broken file is
/// reported with its file and line and the stubs loaded before stay served; stubs added
/// through the admin API survive reloads.
struct WatchTests {
    private func status(_ url: URL) async throws -> Int {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        return (try await session.data(from: url).1 as? HTTPURLResponse)?.statusCode ?? -1
    }

    /// Polls until `path` answers `expected` (the server reloads on its own schedule; the
    /// deadline only stops a broken build from hanging).
    private func waitForStatus(_ expected: Int, of url: URL) async throws {
        let end = ContinuousClock.now + .seconds(60)
        while try await status(url) != expected {
            guard ContinuousClock.now < end else {
                Issue.record("\(url) never answered \(expected)")
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func editsAreServedWithoutARestartAndABrokenFileChangesNothing() async throws {
        let executable = try #require(PersistenceCrashTests.executable, "build the understudy executable first (swift build)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mappings = folder.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: mappings.appendingPathComponent(name)) }
        try write("a.json", #"{"request": {"method": "GET", "urlPath": "/a"}, "response": {"status": 200}}"#)

        let process = TestProcess()
        process.executableURL = executable
        process.arguments = ["serve", "--root", folder.path, "--port", "0", "--quiet", "--watch"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let exited = try process.runUntilExit()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let base = try #require(await readBaseURL(from: output.fileHandleForReading))
        #expect(try await status(base.appendingPathComponent("a")) == 200)

        // A stub added through the admin API survives reloads.
        var create = URLRequest(url: base.appendingPathComponent("__admin/mappings"))
        create.httpMethod = "POST"
        create.httpBody = Data(#"{"request": {"method": "GET", "urlPath": "/admin"}, "response": {"status": 202}}"#.utf8)
        _ = try await URLSession(configuration: .ephemeral).data(for: create)

        // A new file is served; an edited one answers as edited.
        try write("b.json", #"{"request": {"method": "GET", "urlPath": "/b"}, "response": {"status": 201}}"#)
        try write("a.json", #"{"request": {"method": "GET", "urlPath": "/a"}, "response": {"status": 203}}"#)
        try await waitForStatus(201, of: base.appendingPathComponent("b"))
        try await waitForStatus(203, of: base.appendingPathComponent("a"))
        #expect(try await status(base.appendingPathComponent("admin")) == 202)

        // A broken file: reported with where, and nothing changes.
        try write("c.json", "{\"request\": {\"method\": \"GET\", \"urlPath\": \"/c\"},\n \"response\": {\"status\": }}")
        try FileManager.default.removeItem(at: mappings.appendingPathComponent("b.json"))
        let failure = await readFirstLine(from: errors.fileHandleForReading) ?? ""
        #expect(failure.contains("not reloaded"), "\(failure)")
        #expect(failure.contains("c.json:2"), "\(failure)")
        #expect(try await status(base.appendingPathComponent("b")) == 201, "b.json is gone, but the reload did not happen")
        #expect(try await status(base.appendingPathComponent("a")) == 203)

        // Fixed: the reload happens, and the removed file's stub goes.
        try write("c.json", #"{"request": {"method": "GET", "urlPath": "/c"}, "response": {"status": 200}}"#)
        try await waitForStatus(404, of: base.appendingPathComponent("b"))
        #expect(try await status(base.appendingPathComponent("c")) == 200)
        #expect(try await status(base.appendingPathComponent("admin")) == 202)

        kill(process.processIdentifier, SIGINT)
        for await _ in exited {}
        #expect(process.terminationStatus == 0)
    }
}
