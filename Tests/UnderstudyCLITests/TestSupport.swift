import Foundation
import Testing
import UnderstudyTestSupport

/// The first line a child process writes to `handle` (up to its newline), or what it wrote
/// before closing the handle; `nil` when it wrote nothing. The blocking read runs on a
/// dispatch thread, not on Swift concurrency's pool: a debug `understudy` on a loaded machine
/// can take seconds to print, and two such waits on a two-core machine's two pool threads
/// starved every other test's tasks (a WebSocket test's 3 s idle timeout fired).
func readFirstLine(from handle: FileHandle) async -> String? {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: readFirstLineBlocking(from: handle)) }
    }
}

private func readFirstLineBlocking(from handle: FileHandle) -> String? {
    var text = ""
    while !text.contains("\n") {
        let data = handle.availableData
        if data.isEmpty { break }
        text += String(decoding: data, as: UTF8.self)
    }
    return text.isEmpty ? nil : text
}

/// The base URL from the first line `understudy: serving ... at http://127.0.0.1:PORT (admin ...`
/// or `understudy: recording ... at http://127.0.0.1:PORT; ...`.
func readBaseURL(from handle: FileHandle) async -> URL? {
    guard let line = await readFirstLine(from: handle), line.contains("\n"), let start = line.range(of: " at http://") else { return nil }
    let address = line[start.upperBound...].prefix { $0 != " " && $0 != "\n" && $0 != ";" }
    return URL(string: "http://" + address)
}

/// `understudy serve ARGUMENTS --port 0 --quiet` (the built executable) for the length of
/// `body`, given the base URL it printed; stopped with SIGINT (SIGKILL if `body` throws) and
/// waited for before returning.
func withServe<Result>(_ arguments: [String], _ body: (URL) async throws -> Result) async throws -> Result {
    let executable = try #require(PersistenceCrashTests.executable, "build the understudy executable first (swift build)")
    let process = TestProcess()
    process.executableURL = executable
    process.arguments = ["serve"] + arguments + ["--port", "0", "--quiet"]
    let output = Pipe()
    process.standardOutput = output
    let exited = try process.runUntilExit()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let baseURL = try #require(await readBaseURL(from: output.fileHandleForReading))
    let result = try await body(baseURL)
    kill(process.processIdentifier, SIGINT)
    for await _ in exited {}
    return result
}
