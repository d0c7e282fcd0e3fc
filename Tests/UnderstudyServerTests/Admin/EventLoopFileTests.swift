import Foundation
import NIOPosix
import Testing
import Understudy
import UnderstudyJSON
@testable import UnderstudyServer
import UnderstudySupport

/// No event loop ever waits on a file: the plan of an answer read from a body file, and an
/// admin reset that reads the root's mapping files again, run off the event loops. An answer
/// kind of the test's notes, under a token of each test's own, whether it was decoded and
/// planned on an event loop's thread (decoding happens while the mapping files are read,
/// planning while the body file is).
struct EventLoopFileTests {
    /// Notes where it is decoded and planned, under its token.
    struct WherePlanned: AnswerExtension {
        static let wireMockKey = "wherePlanned"
        static let noted = Locked<[String: [String]]>([:])
        let token: String
        var wireMockJSON: JSONValue { .string(token) }
        var isStatic: Bool { false }

        init(_ token: String) { self.token = token }
        init(wireMock reader: JSONReader) throws {
            token = try reader.string()
            Self.note("decoded", token)
        }

        func plan<G: RandomNumberGenerator>(_ response: ResponseDefinition, for request: RecordedRequest, sequence: Int,
                                            using generator: inout G,
                                            next: (ResponseDefinition, inout G) throws -> ResponsePlan) throws -> ResponsePlan {
            Self.note("planned", token)
            return try next(response, &generator)
        }

        private static func note(_ step: String, _ token: String) {
            let place = MultiThreadedEventLoopGroup.currentEventLoop == nil ? "off the loop" : "on a loop"
            noted.withLock { $0[token, default: []].append("\(step) \(place)") }
        }

        static func notes(_ token: String) -> [String] { noted.withLock { $0[token] ?? [] } }
    }

    /// A root folder with `files` (paths inside it) written.
    private static func root(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return root
    }

    @Test func anAnswerFromABodyFileIsPlannedOffTheEventLoopAndAnInlineOneOnIt() async throws {
        let root = try Self.root(["__files/body.txt": "from the file"])
        defer { try? FileManager.default.removeItem(at: root) }
        let (file, inline) = (UUID().uuidString, UUID().uuidString)
        let mock = HTTPMock(configuration: HTTPMock.Configuration(root: MappingsRoot(root)))
        mock.stub(.get(urlPath: "/file"), ResponseDefinition(status: 200, body: .file("body.txt")).answerExtension(WherePlanned(file)))
        mock.stub(.get(urlPath: "/inline"), .ok.body("inline").answerExtension(WherePlanned(inline)))
        try await withMockServer(mock) { server in
            let base = try server.baseURL
            #expect(try await send(base.appendingPathComponent("file")).body == "from the file")
            #expect(try await send(base.appendingPathComponent("inline")).body == "inline")
        }
        #expect(WherePlanned.notes(file) == ["planned off the loop"])
        #expect(WherePlanned.notes(inline) == ["planned on a loop"], "an answer that reads no file stays on the loop's fast path")
    }

    @Test func anAdminResetReadsTheRootsMappingsOffTheEventLoop() async throws {
        let token = UUID().uuidString
        let mapping = #"{"request": {"urlPath": "/reloaded"}, "response": {"status": 204, "wherePlanned": "\#(token)"}}"#
        let root = try Self.root(["mappings/reloaded.json": mapping])
        defer { try? FileManager.default.removeItem(at: root) }
        var configuration = HTTPMock.Configuration(root: MappingsRoot(root))
        configuration.mappingExtensions = MappingExtensions(answers: [WherePlanned.self])
        let mock = HTTPMock(configuration: configuration)
        try await withMockServer(mock) { server in
            let base = try server.baseURL
            #expect(try await send(base.appendingPathComponent("__admin/reset"), method: "POST").status == 200)
            #expect(try await send(base.appendingPathComponent("reloaded")).status == 204)
        }
        #expect(WherePlanned.notes(token) == ["decoded off the loop", "planned on a loop"])
    }
}
