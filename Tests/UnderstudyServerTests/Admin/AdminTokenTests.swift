import Foundation
import Testing
import Understudy
@testable import UnderstudyServer

/// An admin token locks `/__admin/*` and nothing else.
struct AdminTokenTests {
    @Test func theAdminAPINeedsTheTokenAndStubsDoNot() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/open"), .ok.body("open"))
        try await withMockServer(mock, configuration: MockServerConfiguration(adminToken: "s3cret-token")) { server in
            let mappings = try server.baseURL.appendingPathComponent("__admin/mappings")
            let missing = try await send(mappings)
            #expect(missing.status == 401)
            #expect(missing.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
            #expect(missing.body.contains("Authorization: Bearer <token>"))
            for wrong in ["Bearer s3cret-toke", "Bearer s3cret-token2", "Basic s3cret-token", "s3cret-token", "Bearer "] {
                #expect(try await send(mappings, headers: [("Authorization", wrong)]).status == 401, "\(wrong)")
            }
            let allowed = try await send(mappings, headers: [("Authorization", "Bearer s3cret-token")])
            #expect(allowed.status == 200)
            #expect(try await send(mappings, headers: [("Authorization", "bearer s3cret-token")]).status == 200, "the scheme ignores case")
            // A refused admin call changes nothing.
            let refused = try await send(mappings, method: "DELETE")
            #expect(refused.status == 401)
            #expect(mock.stubMappings.count == 1)
            let open = try await send(server.baseURL.appendingPathComponent("open"))
            #expect(open.body == "open")
        }
    }

    @Test func withoutATokenTheAdminAPIIsOpen() async throws {
        try await withMockServer(HTTPMock()) { server in
            let mappings = try await send(server.baseURL.appendingPathComponent("__admin/mappings"))
            #expect(mappings.status == 200)
        }
    }

    @Test(arguments: [
        ("abc", "abc", true), ("abc", "abd", false), ("abc", "ab", false), ("", "", true), ("ab", "abc", false),
    ])
    func comparisonIsExact(_ lhs: String, _ rhs: String, _ equal: Bool) {
        #expect(AdminToken.constantTimeEquals(Array(lhs.utf8), Array(rhs.utf8)) == equal)
    }
}
