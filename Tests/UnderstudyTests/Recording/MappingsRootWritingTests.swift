import Foundation
import Testing
@testable import Understudy
@testable import UnderstudyRecording

/// Writing stubs and body files into a root: atomic, in place, never outside the root.
struct MappingsRootWritingTests {
    static func temporaryRoot() throws -> MappingsRoot {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return MappingsRoot(folder)
    }

    static func files(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func writesReplacesAndRemovesOneFilePerStub() throws {
        let root = try Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        var stub = StubMapping(id: fixedID(7), name: "Get user", .get(urlPath: "/users/7"), .ok.body("v1"))
        let file = try root.write(stub)
        #expect(file.lastPathComponent == "get-user-00000000-0000-0000-0000-000000000007.json")
        stub.response = .definition(.ok.body("v2"))
        stub.name = "Renamed"
        #expect(try root.write(stub) == file, "the file holding the stub is rewritten in place")
        #expect(Self.files(root.mappingsFolder) == [file.lastPathComponent], "no temporary file is left behind")
        #expect(try root.loadMappings().map(\.response.definition?.body) == [.text("v2")])
        try root.removeMappingFile(for: stub.id)
        #expect(Self.files(root.mappingsFolder).isEmpty)
        try root.removeMappingFile(for: stub.id) // nothing left to remove is fine
    }

    @Test func aFileHoldingSeveralStubsIsNeverRewrittenOrRemoved() throws {
        let root = try Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        try FileManager.default.createDirectory(at: root.mappingsFolder, withIntermediateDirectories: true)
        let shared = root.mappingsFolder.appendingPathComponent("shared.json")
        let original = #"{"mappings": [{"id": "00000000-0000-0000-0000-000000000001", "request": {"url": "/a"}, "response": {}}, {"request": {"url": "/b"}, "response": {}}]}"#
        try Data(original.utf8).write(to: shared)
        try root.write(StubMapping(id: fixedID(1), .get(urlPath: "/a"), .ok))
        try root.removeMappingFile(for: fixedID(1))
        #expect(try String(contentsOf: shared, encoding: .utf8) == original)
    }

    @Test func severalStubsAreWrittenInPlaceOrBesideInOneCall() throws {
        let root = try Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        try FileManager.default.createDirectory(at: root.mappingsFolder, withIntermediateDirectories: true)
        // Hand-named files already holding two of the stubs, one by "id" and one by "uuid".
        try Data(#"{"id": "00000000-0000-0000-0000-000000000001", "request": {"url": "/a"}, "response": {}}"#.utf8)
            .write(to: root.mappingsFolder.appendingPathComponent("first.json"))
        try Data(#"{"uuid": "00000000-0000-0000-0000-000000000002", "request": {"url": "/b"}, "response": {}}"#.utf8)
            .write(to: root.mappingsFolder.appendingPathComponent("nested-second.json"))
        let stubs = (1...3).map { StubMapping(id: fixedID($0), name: "S\($0)", .get(urlPath: "/\($0)"), .ok.body("new \($0)")) }
        let files = try root.write(stubs)
        #expect(files.map(\.lastPathComponent) == ["first.json", "nested-second.json", "s3-00000000-0000-0000-0000-000000000003.json"])
        #expect(Self.files(root.mappingsFolder) == files.map(\.lastPathComponent).sorted())
        let loaded = try root.loadMappings().sorted { $0.id.uuidString < $1.id.uuidString }
        #expect(loaded.map(\.response.definition?.body) == [.text("new 1"), .text("new 2"), .text("new 3")])
    }

    @Test(arguments: ["../escape.txt", "/etc/escape.txt", "a/../../escape.txt", "./x"])
    func bodyFilesStayInsideFiles(_ name: String) throws {
        let root = try Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        #expect(throws: BodyFileError.self) { try root.writeBodyFile(named: name, Data("x".utf8)) }
        #expect(!FileManager.default.fileExists(atPath: root.url.appendingPathComponent("escape.txt").path))
    }

    @Test func aSymbolicLinkOutOfFilesIsRefused() throws {
        let root = try Self.temporaryRoot()
        let outside = try Self.temporaryRoot()
        defer {
            try? FileManager.default.removeItem(at: root.url)
            try? FileManager.default.removeItem(at: outside.url)
        }
        try FileManager.default.createDirectory(at: root.filesFolder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.filesFolder.appendingPathComponent("out"), withDestinationURL: outside.url)
        #expect(throws: BodyFileError.self) { try root.writeBodyFile(named: "out/stolen.txt", Data("x".utf8)) }
        #expect(Self.files(outside.url).isEmpty)
        let written = try root.writeBodyFile(named: "in/kept.txt", Data("y".utf8))
        #expect(try root.bodyFile(named: "in/kept.txt") == Data("y".utf8))
        #expect(Self.files(written.deletingLastPathComponent()) == ["kept.txt"])
    }

    @Test func aWrittenRecordingServesWhatWasRecorded() throws {
        let root = try Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let big = Data(repeating: 42, count: 5_000)
        let result = StubRecorder.record([
            RecordedExchange(request: request(.get, "/blob"), response: RecordedResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: big)),
            RecordedExchange(request: request(.get, "/text"), response: RecordedResponse(status: 203, body: Data("hi".utf8))),
        ], spec: RecordSpec())
        try root.write(result)
        let mock = HTTPMock(configuration: .init(root: root))
        mock.stub(try root.loadMappings())
        #expect(try mock.bodyData(for: mock.serve(request(.get, "/blob")).response) == big)
        #expect(mock.serve(request(.get, "/text")).response.status == 203)
    }
}
