import Foundation
import Testing
import UnderstudyClient

/// The README's and the DocC catalog's example, verbatim inside a suite (so its `GetUser`
/// does not clash with the test target's own; `User` is the test target's type).
struct ReadmeClientExample {
    struct GetUser: OutEndpoint {
        typealias Output = User
        let id: Int
        var path: String { "/users/\(id)" }
    }

    @Test func showsTheUser() async throws {
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!)
        try await client.withMocking { mock in               // nothing leaves the process in here
            mock.expect(GetUser(id: 2), returning: User(id: 2, fullName: "Ada"))
            let user = try await client.send(GetUser(id: 2))
            #expect(user.fullName == "Ada")
        }                                                     // unmet expectations throw here
    }
}
