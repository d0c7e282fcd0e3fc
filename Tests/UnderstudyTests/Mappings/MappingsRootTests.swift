import Foundation
import Testing
@testable import Understudy

struct MappingsRootTests {
    let root = MappingsRoot(fixturesFolder.appendingPathComponent("root"))

    @Test func loadsEveryMappingFileInPathOrder() throws {
        let mappings = try root.loadMappings()
        #expect(mappings.count == 4)
        #expect(mappings.map(\.request.url.key) == ["urlPattern", "urlPath", "url", "urlPathTemplate"])
        #expect(mappings.last?.name == "Get user")
        #expect(mappings.last?.metadata == ["team": "accounts"])
    }

    @Test func loadedStubsServeRequests() throws {
        let mock = HTTPMock(configuration: .init(root: root))
        mock.stub(try root.loadMappings())
        let user = mock.serve(request(.get, "/users/7", headers: ["Accept": "application/json"]))
        #expect(user.response.body == .json(["id": 42, "name": "Ada"]))
        let order = mock.serve(request(.post, "/orders", body: #"{"items":[1]}"#))
        #expect(try mock.bodyData(for: order.response) == Data("hello from a file\n".utf8))
        #expect(mock.serve(request(.delete, "/legacy/x")).response.fault == .connectionResetByPeer)
    }

    @Test func bundledExampleMappingsLoad() throws {
        let examples = MappingsRoot(fixturesFolder.appendingPathComponent("../../../Examples/PetStoreStubs").standardizedFileURL)
        let mappings = try examples.loadMappings()
        #expect(mappings.count >= 3)
        for mapping in mappings {
            if case .file(let name) = mapping.response.definition?.body { _ = try examples.bodyFile(named: name) }
        }
    }

    @Test(arguments: ["../mappings/users.json", "/etc/passwd", "data/../../mappings/users.json", "", "data\\..\\x"])
    func bodyFilesCannotEscapeTheRoot(name: String) {
        #expect(throws: BodyFileError.self) { try root.bodyFile(named: name) }
    }

    @Test func symbolicLinksOutOfFilesAreRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("__files"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: folder.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("__files/link.txt"),
                                                   withDestinationURL: folder.appendingPathComponent("secret.txt"))
        #expect(throws: BodyFileError(name: "link.txt", problem: "leads outside __files through a symbolic link")) {
            try MappingsRoot(folder).bodyFile(named: "link.txt")
        }
    }

    @Test func missingFileSaysWhereToPutIt() {
        #expect(throws: BodyFileError(name: "nope.json", problem: "does not exist; put the file at \(root.filesFolder.path)/nope.json", isMissing: true)) {
            try root.bodyFile(named: "nope.json")
        }
    }

    @Test func everyBadFileIsReportedAndGoodOnesAreKeptAside() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mappings = folder.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data(#"{"request":{"urlPath":"/ok"}}"#.utf8).write(to: mappings.appendingPathComponent("a.json"))
        try Data(#"{"request":{"urlPath":"/a"},"oops":1}"#.utf8).write(to: mappings.appendingPathComponent("b.json"))
        try Data("{".utf8).write(to: mappings.appendingPathComponent("c.json"))
        do {
            _ = try MappingsRoot(folder).loadMappings()
            Issue.record("expected an error")
        } catch {
            #expect(error.errors.map(\.file) == ["mappings/b.json", "mappings/c.json"])
            #expect(error.description.hasPrefix("2 mapping file(s) could not be loaded:\n  mappings/b.json:1:29: oops: unknown field \"oops\""))
        }
    }

    @Test func missingMappingsFolderMeansNoStubs() throws {
        #expect(try MappingsRoot(path: "/nonexistent-understudy-root").loadMappings().isEmpty)
    }
}

struct LintTests {
    @Test func cleanRootHasNoProblems() {
        let report = MappingsRoot(fixturesFolder.appendingPathComponent("root")).lint()
        #expect(report.isClean)
        #expect(report.mappings.count == 4)
    }

    @Test func missingBodyFileAndDuplicateIdsAreProblems() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        let id = "00000000-0000-0000-0000-000000000001"
        let document = #"[{"id":"\#(id)","request":{"urlPath":"/a"},"response":{"bodyFileName":"missing.json"}},{"id":"\#(id)","request":{"urlPath":"/b"}}]"#
        try Data(document.utf8).write(to: folder.appendingPathComponent("mappings/m.json"))
        let report = MappingsRoot(folder).lint()
        // Each problem about a stub starts with where the stub is written.
        #expect(report.problems == [
            "mappings/m.json:1:2: stub id \(id): bodyFileName \"missing.json\" does not exist; put the file at \(folder.standardizedFileURL.path)/__files/missing.json",
            "mappings/m.json:1:118: stub 2 id \(id) has the same id as stub 1 (mappings/m.json:1:2); ids must be unique",
        ])
    }

    /// A large root is decoded on every core with one compiled expression per distinct text
    /// (`RegexPatternCache`) and its stubs prepared in slices (`StubRegistry.PreparedStub`):
    /// each stub must still keep its own expressions, in file order, and a bad one is still
    /// reported in its own file.
    @Test func aLargeRootKeepsEachStubsOwnExpressions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mappings = folder.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        for index in 0..<300 {
            // Three header expressions shared by many files, and a path expression of each file's own.
            let stub = #"{"name": "s\#(index)", "request": {"urlPathPattern": "/items\#(index)/[a-z]+", "headers": {"X-Kind": {"matches": "\#(["[0-9]+", "[a-z]+", "Bearer .+"][index % 3])"}}}, "response": {"status": 200, "body": "\#(index)"}}"#
            try Data(stub.utf8).write(to: mappings.appendingPathComponent(String(format: "m%03d.json", index)))
        }
        let root = MappingsRoot(folder)
        let loaded = try root.loadMappings()
        #expect(loaded.map(\.name) == (0..<300).map { "s\($0)" })
        let mock = HTTPMock()
        mock.stub(loaded)
        for index in [0, 1, 2, 151, 299] {
            let kind = ["42", "abc", "Bearer t"][index % 3]
            #expect(mock.serve(request(.get, "/items\(index)/x", headers: ["X-Kind": kind])).response.body == .text("\(index)"))
            let otherKind = ["abc", "42", "Basic t"][index % 3]
            #expect(mock.serve(request(.get, "/items\(index)/x", headers: ["X-Kind": otherKind])).response.status == 404)
        }
        try Data(#"{"request": {"headers": {"X-Kind": {"matches": "[0-9"}}}, "response": {"status": 200}}"#.utf8)
            .write(to: mappings.appendingPathComponent("m150.json"))
        let error = try #require(throws: MappingsLoadError.self) { try root.loadMappings() }
        #expect(error.errors.map(\.file) == ["mappings/m150.json"])
        #expect(error.loaded.count == 299)
    }
}
