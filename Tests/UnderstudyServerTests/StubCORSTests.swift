import Foundation
import Testing
import Understudy
import UnderstudyServer

/// WireMock's `--enable-stub-cors` (`MockServerConfiguration.stubCORS`): Jetty's
/// CrossOriginFilter as `jetty11/Jetty11HttpServer.java` (3.13.2, `buildCorsFilter`) sets it up.
struct StubCORSTests {
    private func mock() -> HTTPMock {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/users/1"), .ok.body("ada"))
        return mock
    }

    private var cors: MockServerConfiguration {
        var configuration = MockServerConfiguration()
        configuration.stubCORS = true
        return configuration
    }

    @Test func aPreflightIsAnsweredBeforeTheStubsAndNotJournaled() async throws {
        let mock = mock()
        try await withMockServer(mock, configuration: cors) { server in
            let preflight = try await send(try server.baseURL.appendingPathComponent("users/1"), method: "OPTIONS", headers: [
                ("Origin", "http://app.example"), ("Access-Control-Request-Method", "PUT"),
                ("Access-Control-Request-Headers", "content-type,x-trace"),
            ])
            #expect(preflight.status == 200)
            #expect(preflight.header("Access-Control-Allow-Origin") == "http://app.example")
            #expect(preflight.header("Access-Control-Allow-Methods") == "OPTIONS,GET,POST,PUT,PATCH,DELETE")
            #expect(preflight.header("Access-Control-Allow-Headers") == "content-type,x-trace")
            #expect(preflight.header("Access-Control-Allow-Credentials") == "true")
            #expect(preflight.header("Access-Control-Max-Age") == "1800")
            // A method the filter does not allow: no CORS headers, which browsers read as a refusal.
            let refused = try await send(try server.baseURL.appendingPathComponent("users/1"), method: "OPTIONS",
                                         headers: [("Origin", "http://app.example"), ("Access-Control-Request-Method", "TRACE")])
            #expect(refused.header("Access-Control-Allow-Origin") == nil)
        }
        #expect(mock.serveEvents.isEmpty)
    }

    @Test func aCrossOriginAnswerAllowsItsOriginAndOthersAreLeftAlone() async throws {
        try await withMockServer(mock(), configuration: cors) { server in
            let url = try server.baseURL.appendingPathComponent("users/1")
            let crossOrigin = try await send(url, headers: [("Origin", "http://app.example")])
            #expect(crossOrigin.body == "ada")
            #expect(crossOrigin.header("Access-Control-Allow-Origin") == "http://app.example")
            #expect(crossOrigin.header("Access-Control-Allow-Credentials") == "true")
            let sameOrigin = try await send(url)
            #expect(sameOrigin.header("Access-Control-Allow-Origin") == nil)
            let admin = try await send(try server.baseURL.appendingPathComponent("__admin/mappings"), headers: [("Origin", "http://app.example")])
            #expect(admin.header("Access-Control-Allow-Origin") == nil)
        }
    }

    @Test func withoutTheSettingAPreflightIsAnOrdinaryRequest() async throws {
        try await withMockServer(mock()) { server in
            let preflight = try await send(try server.baseURL.appendingPathComponent("users/1"), method: "OPTIONS",
                                           headers: [("Origin", "http://app.example"), ("Access-Control-Request-Method", "GET")])
            #expect(preflight.status == 404)
            #expect(preflight.header("Access-Control-Allow-Origin") == nil)
        }
    }
}
