import Foundation
import Testing
import Understudy
@testable import UnderstudyServer

/// Endpoints a program adds to `/__admin`.
struct AdminExtensionTests {
    @Test func anExtensionAnswersItsPathAndMethodBehindTheToken() async throws {
        let extensions = [AdminExtension(.get, "/things/count") { request in .ok.json(["path": .string(request.path)]) }]
        var configuration = MockServerConfiguration(adminToken: "t0ken")
        configuration.adminExtensions = extensions
        try await withMockServer(HTTPMock(), configuration: configuration) { server in
            let url = try server.baseURL.appendingPathComponent("__admin/things/count")
            #expect(try await send(url).status == 401)
            let answer = try await send(url, headers: [("Authorization", "Bearer t0ken")])
            #expect(answer.status == 200)
            #expect(try JSONValue(parsing: answer.body) == ["path": "/__admin/things/count"])
            // Another method, and WireMock's own resources, are untouched.
            #expect(try await send(url, method: "POST", headers: [("Authorization", "Bearer t0ken")]).status == 404)
            #expect(try await send(server.baseURL.appendingPathComponent("__admin/mappings"), headers: [("Authorization", "Bearer t0ken")]).status == 200)
        }
    }
}
