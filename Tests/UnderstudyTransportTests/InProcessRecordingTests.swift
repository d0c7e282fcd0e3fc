import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess
import UnderstudyURLSession
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the in-process transports record and hand back, whichever shortcuts they take.
struct InProcessRecordingTests {
    @Test(arguments: [Transport.direct, .urlSession])
    func everyRequestGetsItsOwnID(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/items"), .ok.body("ok"))
        try await transport.withClient(for: mock) { client, base in
            for _ in 0..<50 { _ = try await get(client, base.appendingPathComponent("items")) }
        }
        #expect(Set(mock.serveEvents.map(\.request.id)).count == 50)
    }

    /// The response carries the request's absolute URL: the caller's URL when it is already
    /// in that form, else the form the journal records (default port and fragment left out).
    @Test(arguments: [
        ("http://api.example.com/items?page=2", "http://api.example.com/items?page=2"),
        ("http://api.example.com:80/items", "http://api.example.com/items"),
        ("https://api.example.com:8443/items#top", "https://api.example.com:8443/items"),
    ])
    func theResponseCarriesTheAbsoluteURL(_ asked: String, _ answered: String) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/items"), .ok)
        let (_, response) = try await mock.data(for: URLRequest(url: URL(string: asked)!))
        #expect(response.url?.absoluteString == answered)
        #expect(mock.serveEvents.first?.request.absoluteURL == answered)
    }

    @Test func repeatedHeaderNamesAreJoinedUnderTheFirstSpelling() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/items"), .ok.header("X-Tag", "a").header("x-tag", "b").header("Content-Type", "text/plain"))
        let (_, response) = try await mock.data(for: URLRequest(url: URL(string: "http://api.example.com/items")!))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.value(forHTTPHeaderField: "X-Tag") == "a, b")
        #expect(http.allHeaderFields.keys.compactMap { $0 as? String }.filter { $0.lowercased() == "x-tag" } == ["X-Tag"])
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/plain")
    }
}
