import Foundation

/// What a command printed and how it exited.
package struct CommandOutput {
    package var status: Int32
    package var standardOutput: String
    package var standardError: String
}

/// A command a test runs is not installed on this machine.
package struct MissingCommand: Error, CustomStringConvertible {
    package var name: String
    package var description: String {
        "\(name) is not installed on this machine. The tests use it as a real peer; .ci/run installs what they need (see the list at its top), or install it yourself and run the tests again."
    }
}

/// Runs a command to its end, feeding it `input`, and collects both outputs. They go to
/// files, read after the exit: reading pipes with `FileHandle` can trap on an interrupted read.
/// Throws ``MissingCommand`` when the command is not installed.
package func run(_ arguments: [String], input: String = "") async throws -> CommandOutput {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = ["in", "out", "err"].map { folder.appendingPathComponent($0) }
    try Data(input.utf8).write(to: paths[0])
    for path in paths.dropFirst() { try Data().write(to: path) }
    let process = TestProcess()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: paths[0])
    process.standardOutput = try FileHandle(forWritingTo: paths[1])
    process.standardError = try FileHandle(forWritingTo: paths[2])
    for await _ in try process.runUntilExit() {}
    let output = CommandOutput(status: process.terminationStatus,
                               standardOutput: String(decoding: try Data(contentsOf: paths[1]), as: UTF8.self),
                               standardError: String(decoding: try Data(contentsOf: paths[2]), as: UTF8.self))
    // `env` exits with 127 when it finds no such command.
    if output.status == 127, let name = arguments.first, output.standardError.hasPrefix("/usr/bin/env:") || output.standardError.hasPrefix("env:") {
        throw MissingCommand(name: name)
    }
    return output
}
