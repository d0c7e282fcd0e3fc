import ArgumentParser
import Foundation
import Understudy
import UnderstudyRecording

/// `understudy import-har`: turns a HAR export into mappings, with recording's choices.
struct ImportHARCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-har",
        abstract: "Turn a HAR file (browser, Proxyman, Charles) into mappings.",
        discussion: """
            Writes mappings/*.json (and __files/ for large or binary bodies) under --root, redacting credentials \
            as `record` does. Existing mappings stay; importing the same traffic again rewrites the same files.
            """
    )

    @Argument(help: "The HAR file.")
    var file: String

    @Option(name: .long, help: "The root folder to write mappings/ and __files/ into (created if missing).")
    var root: String

    @OptionGroup var recording: RecordingOptions

    func run() throws {
        let result = try importHAR()
        print("understudy: imported \(result.mappings.count) stub(s) and \(result.files.count) body file(s) from \(file) into \(root)")
    }

    /// Reads, converts and writes; returns what was written.
    func importHAR() throws -> RecordingResult {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CLIError("cannot read \(file): \(error.localizedDescription); pass the path of a .har file")
        }
        let exchanges: [RecordedExchange]
        do {
            exchanges = try HARArchive.exchanges(from: data, file: file)
        } catch {
            throw CLIError(error.description)
        }
        let result = StubRecorder.record(exchanges, spec: try recording.spec())
        do {
            try MappingsRoot(path: root).write(result)
        } catch {
            throw CLIError("cannot write into \(root): \(error); pass --root with a writable folder")
        }
        return result
    }
}
