import Foundation
import Testing
import Understudy
@testable import UnderstudyServer

/// `/__admin/recordings/*` over a real upstream, and playback of what was recorded.
struct AdminRecordingsTests {
    /// An upstream with JSON, text and binary answers.
    static func upstreamMock() -> HTTPMock {
        let upstream = HTTPMock()
        upstream.stub(.get(urlPath: "/users/42"), .ok.json(["id": 42, "name": "Ada"]))
        upstream.stub(.get(url: "/search?q=swift"), .ok.body("3 results").header("Content-Type", "text/plain"))
        upstream.stub(.post(urlPath: "/orders"), .created.json(["order": "o-1"]))
        upstream.stub(.get(urlPath: "/logo.png"), .ok.body(Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 255])).header("Content-Type", "image/png"))
        return upstream
    }

    static func temporaryRoot() throws -> MappingsRoot {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-rec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return MappingsRoot(folder)
    }

    /// The requests both recording and playback send.
    static func traffic(_ base: URL) async throws -> [TestResponse] {
        [
            try await send(base.appendingPathComponent("users/42")),
            try await send(URL(string: base.absoluteString + "/search?q=swift")!),
            try await send(base.appendingPathComponent("orders"), method: "POST",
                           headers: [("Content-Type", "application/json")], body: #"{"sku":"A","qty":1}"#),
            try await send(base.appendingPathComponent("logo.png")),
        ]
    }

    @Test func recordsThroughTheAdminAPIAndPlaysBack() async throws {
        let root = try Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        try await withMockServer(Self.upstreamMock()) { upstream in
            let mock = HTTPMock(configuration: .init(root: root))
            try await withMockServer(mock) { server in
                let admin = try server.baseURL.appendingPathComponent("__admin/recordings")
                #expect(try await send(admin.appendingPathComponent("status")).body.contains("NeverStarted"))
                let started = try await send(admin.appendingPathComponent("start"), method: "POST",
                                             body: #"{"targetBaseUrl": "\#(upstream.baseURL.absoluteString)"}"#)
                #expect(started.status == 200)
                #expect(try await send(admin.appendingPathComponent("status")).body.contains("\"Recording\""))
                let live = try await Self.traffic(server.baseURL)
                let stopped = try await send(admin.appendingPathComponent("stop"), method: "POST")
                #expect(stopped.status == 200)
                let recorded = try #require(JSONValue.parse(stopped.body)["mappings"]?.arrayValue)
                #expect(recorded.count == 4)
                #expect(try await send(admin.appendingPathComponent("status")).body.contains("\"Stopped\""))

                // The recorded stubs answer now, and upstream is no longer asked.
                let upstreamCalls = upstream.mock.serveEvents.count
                let replayed = try await Self.traffic(server.baseURL)
                #expect(upstream.mock.serveEvents.count == upstreamCalls)
                for (live, replay) in zip(live, replayed) {
                    #expect(replay.status == live.status)
                    #expect(replay.body == live.body)
                    #expect(replay.header("Content-Type") == live.header("Content-Type"))
                }
            }
            // A fresh server on the same root plays the traffic back.
            let playback = HTTPMock(configuration: .init(root: root))
            playback.stub(try root.loadMappings())
            #expect(playback.stubMappings.count == 4)
            try await withMockServer(playback) { server in
                let replayed = try await Self.traffic(server.baseURL)
                #expect(replayed.map(\.status) == [200, 200, 201, 200])
                #expect(JSONValue.parse(replayed[0].body) == ["id": 42, "name": "Ada"])
                #expect(replayed[1].body == "3 results")
            }
        }
    }

    @Test func snapshotTurnsProxiedTrafficIntoStubs() async throws {
        try await withMockServer(Self.upstreamMock()) { upstream in
            let mock = HTTPMock()
            mock.stub(.anyRequest, .proxy(to: try upstream.baseURL.absoluteString))
            try await withMockServer(mock) { server in
                _ = try await send(server.baseURL.appendingPathComponent("users/42"))
                let snapshot = try await send(server.baseURL.appendingPathComponent("__admin/recordings/snapshot"), method: "POST",
                                              body: #"{"outputFormat": "IDS", "persist": false}"#)
                #expect(snapshot.status == 200)
                let ids = try #require(JSONValue.parse(snapshot.body)["ids"]?.arrayValue)
                #expect(ids.count == 1)
                let id = try #require(ids.first?.stringValue.flatMap(UUID.init(uuidString:)))
                #expect(mock.stubMapping(id: id)?.request.matches(RecordedRequest(method: .get, url: "/users/42")) == true)
            }
        }
    }

    @Test func misuseIsA4xxThatSaysWhatToDo() {
        let admin = AdminHarness()
        let noTarget = admin.call(.post, "/recordings/start", "{}")
        #expect(noTarget.status == 422)
        #expect(noTarget.bodyText.contains("targetBaseUrl"))
        let stop = admin.call(.post, "/recordings/stop")
        #expect(stop.status == 409)
        #expect(stop.bodyText.contains("POST /__admin/recordings/start"))
        #expect(admin.call(.post, "/recordings/start", #"{"targetBaseUrl": "http://127.0.0.1:1"}"#).status == 200)
        let again = admin.call(.post, "/recordings/start", #"{"targetBaseUrl": "http://127.0.0.1:1"}"#)
        #expect(again.status == 409)
        #expect(again.bodyText.contains("already recording"))
        #expect(admin.mock.stubMappings.count == 1, "one proxy stub, not two")
        let badSpec = admin.call(.post, "/recordings/snapshot", #"{"captureHeader": {}}"#)
        #expect(badSpec.status == 422)
        #expect(badSpec.bodyText.contains("captureHeaders"), "suggests the right key")
    }
}

/// `persistent: true` stubs live in the root's `mappings/` as long as they live in the mock.
struct AdminPersistenceTests {
    @Test func persistentStubsAreWrittenEditedAndDeletedWithTheirFile() throws {
        let root = try AdminRecordingsTests.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let admin = AdminHarness(HTTPMock(configuration: .init(root: root)))
        let id = "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"
        let created = admin.call(.post, "/mappings", #"{"id": "\#(id)", "name": "Keep me", "persistent": true, "request": {"urlPath": "/a"}, "response": {"status": 200, "body": "one"}}"#)
        #expect(created.status == 201)
        var files = try Self.mappingFiles(root)
        #expect(files.count == 1)
        #expect(try root.loadMappings().first?.response.definition?.body == .text("one"))

        #expect(admin.call(.put, "/mappings/\(id)", #"{"persistent": true, "request": {"urlPath": "/a"}, "response": {"status": 200, "body": "two"}}"#).status == 200)
        files = try Self.mappingFiles(root)
        #expect(files.count == 1, "the edit replaced the file")
        #expect(try root.loadMappings().first?.response.definition?.body == .text("two"))

        #expect(admin.call(.post, "/mappings", #"{"request": {"urlPath": "/b"}, "response": {"status": 204}}"#).status == 201)
        #expect(try Self.mappingFiles(root).count == 1, "a stub without persistent stays in memory")

        #expect(admin.call(.delete, "/mappings/\(id)").status == 200)
        #expect(try Self.mappingFiles(root).isEmpty)
    }

    @Test func aFailedWriteAddsNothing() throws {
        let root = try AdminRecordingsTests.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        // `mappings` is a file, so nothing can be written under it.
        try Data("not a folder".utf8).write(to: root.mappingsFolder)
        let admin = AdminHarness(HTTPMock(configuration: .init(root: root)))
        let response = admin.call(.post, "/mappings", #"{"persistent": true, "request": {"urlPath": "/a"}, "response": {"status": 200}}"#)
        #expect(response.status == 500)
        #expect(response.bodyText.contains("Cannot write mappings"))
        #expect(admin.mock.stubMappings.isEmpty)
        #expect(try String(contentsOf: root.mappingsFolder, encoding: .utf8) == "not a folder")
    }

    static func mappingFiles(_ root: MappingsRoot) throws -> [String] {
        guard FileManager.default.fileExists(atPath: root.mappingsFolder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: root.mappingsFolder.path).filter { $0.hasSuffix(".json") }
    }
}
