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

    private func fetch(_ base: URL, _ path: String, method: String = "GET", body: String? = nil) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: try #require(URL(string: base.absoluteString + path)))
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }
}
