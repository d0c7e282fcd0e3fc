import ArgumentParser
import Foundation
import Testing
import Understudy
import UnderstudyRecording
@testable import UnderstudyCLI

struct ImportHARCommandTests {
    static let har = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../UnderstudyTests/Fixtures/har/shop.har").standardizedFileURL.path

    @Test func importsIntoARootThatServesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-har-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let existing = folder.appendingPathComponent("mappings/mine.json")
        try FileManager.default.createDirectory(at: existing.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"request": {"urlPath": "/mine"}, "response": {"status": 204}}"#.utf8).write(to: existing)

        let command = try ImportHARCommand.parse([Self.har, "--root", folder.path, "--method", "get", "--extract-over", "10"])
        let result = try command.importHAR()
        #expect(result.mappings.count == 2, "--method GET keeps the two GETs")
        #expect(result.files.count == 1, "the JSON body is over 10 bytes, the 8-byte PNG is not")
        let mappings = try MappingsRoot(folder).loadMappings()
        #expect(mappings.count == 3, "the folder's own mapping stays")
        #expect(try String(contentsOf: existing, encoding: .utf8).contains("/mine"))

        let again = try command.importHAR()
        #expect(again.mappings.map(\.id) == result.mappings.map(\.id))
        #expect(try MappingsRoot(folder).loadMappings().count == 3, "importing again rewrites the same files")
    }

    @Test func aMissingFileIsOneClearLine() throws {
        let command = try ImportHARCommand.parse(["/nonexistent.har", "--root", "/tmp/x"])
        #expect(throws: CLIError.self) { try command.importHAR() }
        do {
            _ = try command.importHAR()
        } catch {
            #expect("\(error)".hasPrefix("cannot read /nonexistent.har: "))
        }
    }
}
