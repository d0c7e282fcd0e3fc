import Foundation

/// Runs a command (a Python end-to-end script, a tool) as a child process and hands back its
/// exit status and everything it printed.
package enum ChildProcess {
    /// Whether `UNDERSTUDY_REQUIRE_PYTHON_E2E=1`: CI sets it, which turns a missing Python
    /// package into a failure instead of a skipped test.
    package static let pythonRequired = ProcessInfo.processInfo.environment["UNDERSTUDY_REQUIRE_PYTHON_E2E"] == "1"

    /// Whether `python3 -c "import <modules>"` succeeds.
    package static func pythonCanImport(_ modules: String) -> Bool {
        (try? runSynchronously(["python3", "-c", "import \(modules)"]))?.status == 0
    }

    /// Runs a command without blocking the caller's thread: its exit ends the wait (the
    /// termination handler), so servers in this process keep serving it; past `timeout` it is
    /// terminated, which only keeps a broken script from hanging the suite.
    package static func run(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> (status: Int32, output: String) {
        let process = TestProcess()
        let output = try prepare(process, arguments)
        let exited = try process.runUntilExit()
        let guardTask = Task {
            try await Task.sleep(for: timeout)
            process.terminate()
        }
        for await _ in exited {}
        guardTask.cancel()
        if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGTERM {
            return (-1, "timed out after \(timeout)\n" + read(output))
        }
        return (process.terminationStatus, read(output))
    }

    /// Runs a short command to completion on the current thread.
    package static func runSynchronously(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = TestProcess()
        let output = try prepare(process, arguments)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, read(output))
    }

    /// Sets `process` up to run `arguments` through `/usr/bin/env`, stdout and stderr into a
    /// temporary file (a file, not a pipe, so a chatty process never blocks on a full pipe
    /// buffer); returns the file.
    private static func prepare(_ process: TestProcess, _ arguments: [String]) throws -> URL {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-e2e-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        return output
    }

    private static func read(_ file: URL) -> String {
        defer { try? FileManager.default.removeItem(at: file) }
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }
}
