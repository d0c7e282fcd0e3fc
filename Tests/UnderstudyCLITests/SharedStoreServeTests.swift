import Foundation
import Testing
import UnderstudyJSON
import UnderstudyTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `understudy serve --store postgres://...`: two processes given the same root and the same
/// database answer as one, against a real PostgreSQL.
struct SharedStoreServeTests {
    @Test(.enabled(if: PostgresCluster.isAvailable || PostgresCluster.isRequired, "PostgreSQL is not installed"),
          .timeLimit(.minutes(2)))
    func twoServersOnOneDatabaseShareTheRootsStubsOnceAndWhatEitherIsTold() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        // No id: each process derives the same one from the file, so the store keeps one copy.
        try Data(#"{"request": {"method": "GET", "url": "/hello"}, "response": {"status": 200, "body": "hi"}}"#.utf8)
            .write(to: root.appendingPathComponent("mappings/hello.json"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("message-mappings"), withIntermediateDirectories: true)
        try Data(#"""
            {"trigger": {"type": "message", "channel": {"type": "websocket", "initiatingRequestPattern": {"urlPath": "/ws"}},
                         "message": {"body": {"equalTo": "ping"}}},
             "actions": [{"type": "send", "message": {"body": "pong"}}]}
            """#.utf8).write(to: root.appendingPathComponent("message-mappings/ping.json"))
        try await PostgresCluster.with { cluster in
            let arguments = ["--root", root.path, "--store", try await cluster.makeDatabase()]
            try await withServe(arguments) { first in
                try await withServe(arguments) { second in
                    let listed = try JSONValue(parsing: try await fetch(second, "/__admin/mappings").body)
                    #expect(listed["meta"]?["total"]?.intValue == 1)
                    #expect(try await fetch(second, "/hello").body == "hi")

                    let added = try await fetch(first, "/__admin/mappings", method: "POST",
                                                body: #"{"request": {"url": "/added"}, "response": {"status": 202}}"#)
                    #expect(added.status == 201)
                    #expect(try await fetch(second, "/added").status == 202)
                    let count = try await fetch(first, "/__admin/requests/count", method: "POST", body: #"{"url": "/added"}"#)
                    #expect(try JSONValue(parsing: count.body)["count"]?.intValue == 1)

                    // WebSocket message stubs: the root's once, and one added through the first
                    // server answered on the second's socket (Python's websockets as the client).
                    let messageStubs = try JSONValue(parsing: try await fetch(second, "/__admin/message-mappings").body)
                    #expect(messageStubs["meta"]?["total"]?.intValue == 1)
                    let addedMessage = try await fetch(first, "/__admin/message-mappings", method: "POST", body: #"""
                        {"trigger": {"type": "message", "message": {"body": {"equalTo": "hello"}}},
                         "actions": [{"type": "send", "message": {"body": "world"}}]}
                        """#)
                    #expect(addedMessage.status == 201)
                    // The second's copy follows by NOTIFY: polled until it holds both.
                    var total: Int?
                    for _ in 0..<1_000 where total != 2 {
                        total = try JSONValue(parsing: try await fetch(second, "/__admin/message-mappings").body)["meta"]?["total"]?.intValue
                        if total != 2 { try await Task.sleep(for: .milliseconds(10)) }
                    }
                    #expect(total == 2, "the second server never listed the message stub added through the first")
                    if ChildProcess.pythonCanImport("websockets") || ChildProcess.pythonRequired {
                        let socket = "ws://\(second.host ?? ""):\(second.port ?? 0)/ws"
                        #expect(try await exchange(socket, "ping") == "pong")
                        #expect(try await exchange(socket, "hello") == "world")
                    }
                }
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aStoreThatIsNotPostgresIsRefusedWithTheForm() async throws {
        let executable = try #require(PersistenceCrashTests.executable, "build the understudy executable first (swift build)")
        let wrong = try await run([executable.path, "serve", "--port", "0", "--store", "mysql://db/mocks"])
        #expect(wrong.status != 0)
        #expect(wrong.standardError.contains("--store: 'mysql://db/mocks' is not a PostgreSQL store: its scheme is 'mysql'"), "\(wrong.standardError)")
        let unreachable = try await run([executable.path, "serve", "--port", "0", "--store", "postgres://postgres@127.0.0.1:1/none",
                                         "--store-timeout", "2"])
        #expect(unreachable.status != 0)
        #expect(unreachable.standardError.contains("PostgreSQL at 127.0.0.1:1/none failed"), "\(unreachable.standardError)")
    }

    /// Sends one text message on a new WebSocket with Python's `websockets` and returns the
    /// first message that comes back.
    private func exchange(_ url: String, _ message: String) async throws -> String {
        let script = """
            import asyncio, sys, websockets
            async def main():
                async with websockets.connect(sys.argv[1]) as socket:
                    await socket.send(sys.argv[2])
                    print(await asyncio.wait_for(socket.recv(), 10))
            asyncio.run(main())
            """
        let outcome = try await ChildProcess.run(["python3", "-c", script, url, message])
        #expect(outcome.status == 0, "\(outcome.output)")
        return outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func fetch(_ base: URL, _ path: String, method: String = "GET", body: String? = nil) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: try #require(URL(string: base.absoluteString + path)))
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }
}
