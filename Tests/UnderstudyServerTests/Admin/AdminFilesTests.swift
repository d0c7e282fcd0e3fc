import Foundation
import Testing
import Understudy
@testable import UnderstudyServer

/// `/__admin/files` reads, writes and deletes inside the root's `__files` only.
struct AdminFilesTests {
    /// A root with `__files`, and beside it (outside the root) a folder holding a secret.
    struct Sandbox {
        let root: MappingsRoot
        let outside: URL
        let harness: AdminHarness

        init() throws {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-files-\(UUID().uuidString)")
            outside = base.appendingPathComponent("outside")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try Data("secret".utf8).write(to: outside.appendingPathComponent("secret.txt"))
            root = MappingsRoot(base.appendingPathComponent("root"))
            try FileManager.default.createDirectory(at: root.filesFolder, withIntermediateDirectories: true)
            // A symbolic link inside __files that leads out of the root.
            try FileManager.default.createSymbolicLink(at: root.filesFolder.appendingPathComponent("link"), withDestinationURL: outside)
            harness = AdminHarness(HTTPMock(configuration: .init(root: root)))
        }

        var outsideContents: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: outside.path)) ?? []).sorted()
        }
        var secret: String? { try? String(contentsOf: outside.appendingPathComponent("secret.txt"), encoding: .utf8) }
    }

    @Test func filesAreWrittenListedReadAndDeleted() throws {
        let sandbox = try Sandbox()
        let put = sandbox.harness.call(.put, "/files/users/42.json", #"{"id":42}"#)
        #expect(put.status == 200)
        #expect(put.bodyJSON == .string(Data(#"{"id":42}"#.utf8).base64EncodedString()))
        #expect(try String(contentsOf: sandbox.root.filesFolder.appendingPathComponent("users/42.json"), encoding: .utf8) == #"{"id":42}"#)
        sandbox.harness.call(.put, "/files/a%20b.txt", "spaced")

        // Only regular files are listed; the link leading out is not followed.
        #expect(sandbox.harness.call(.get, "/files").bodyJSON == ["a b.txt", "users/42.json"])
        #expect(sandbox.harness.call(.get, "/files/users/42.json").bodyText == #"{"id":42}"#)
        // A stub can serve what was uploaded.
        let mock = sandbox.harness.mock
        mock.stub(StubMapping(.get(urlPath: "/users/42"), .ok.bodyFile("users/42.json")))
        #expect(mock.serve(RecordedRequest(method: .get, url: "/users/42")).response.status == 200)

        #expect(sandbox.harness.call(.delete, "/files/users/42.json").status == 200)
        #expect(sandbox.harness.call(.get, "/files/users/42.json").status == 404)
        #expect(sandbox.harness.call(.delete, "/files/users/42.json").status == 200, "deleting a missing file is not an error (WireMock)")
        #expect(sandbox.harness.call(.get, "/files").bodyJSON == ["a b.txt"])
    }

    @Test(arguments: [
        "/files/../outside/secret.txt",
        "/files/%2e%2e/%2e%2e/outside/secret.txt",
        "/files/a/%2E%2E/%2E%2E/%2E%2E/outside/secret.txt",
        "/files/%2F" + FileManager.default.temporaryDirectory.path.dropFirst() + "/x",
        "/files/link/secret.txt",
        "/files/link/new.txt",
        "/files/link/sub/new.txt",
        "/files/a%5C..%5C..%5Cx",
    ])
    func namesLeadingOutsideFilesAreRefused(_ path: String) throws {
        let sandbox = try Sandbox()
        for method in [HTTPMethod.get, .put, .delete] {
            let answer = sandbox.harness.call(method, path, "overwritten")
            #expect(answer.status == 400, "\(method) \(path) answered \(answer.status): \(answer.bodyText)")
            #expect(answer.bodyText.contains("inside __files") || answer.bodyText.contains("outside"), "\(method): \(answer.bodyText)")
        }
        #expect(sandbox.secret == "secret")
        #expect(sandbox.outsideContents == ["secret.txt"])
    }

    @Test func withoutARootListingIsEmptyAndWritingNamesTheFix() {
        let harness = AdminHarness()
        #expect(harness.call(.get, "/files").bodyJSON == [])
        #expect(harness.call(.get, "/files/a.txt").status == 404)
        let put = harness.call(.put, "/files/a.txt", "x")
        #expect(put.status == 409)
        #expect(put.bodyText.contains("understudy serve --root DIR"))
    }
}
