import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A templated stub answers alike over every transport.
struct TemplatingTransportTests {
    @Test(arguments: Transport.allCases)
    func rendersAgainstTheRequest(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.request(.get, .urlPathPattern("/items/.*")),
                  .ok.body("{{request.method}} {{request.path.[1]}} {{request.headers.X-Who}}").header("X-Echo", "{{request.query.q}}").templated())
        try await transport.withClient(for: mock) { client, base in
            var request = URLRequest(url: URL(string: base.absoluteString + "/items/42?q=swift")!)
            request.setValue("me", forHTTPHeaderField: "X-Who")
            let (data, response) = try await client.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            #expect(String(decoding: data, as: UTF8.self) == "GET 42 me")
            #expect(http.value(forHTTPHeaderField: "X-Echo") == "swift")
        }
    }
}
