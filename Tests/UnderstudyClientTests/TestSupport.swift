import Foundation
import Understudy
import UnderstudyClient
import UnderstudyInProcess
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The seed's sample API.
struct User: Codable, Sendable, Equatable {
    var id: Int
    var fullName: String
    var createdAt: Date?
    var address: Address?
}

struct Address: Codable, Sendable, Equatable {
    var city: String
    var street: String
}

struct NewUser: Codable, Sendable, Equatable {
    var fullName: String
    var address: Address
}

struct Credentials: Codable, Sendable, Equatable {
    var username: String
    var password: String
}

struct Session: Codable, Sendable, Equatable {
    var token: String
}

struct ListUsers: OutEndpoint {
    typealias Output = [User]
    var path: String { "/users" }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "page", value: "1")] }
}

struct GetUser: OutEndpoint {
    typealias Output = User
    let id: Int
    var path: String { "/users/\(id)" }
}

struct CreateUser: InOutEndpoint {
    typealias Input = NewUser
    typealias Output = User
    var method: HTTPMethod { .post }
    var path: String { "/users" }
}

struct Login: InOutEndpoint {
    typealias Input = Credentials
    typealias Output = Session
    var method: HTTPMethod { .post }
    var path: String { "/login" }
}

struct Logout: EmptyEndpoint {
    var method: HTTPMethod { .delete }
    var path: String { "/session" }
}

struct TrackEvent: InEndpoint {
    typealias Input = [String: String]
    var method: HTTPMethod { .post }
    var path: String { "/events" }
}

struct DownloadAvatar: OutEndpoint {
    let id: Int
    var path: String { "/users/\(id)/avatar" }
}

let baseURL = URL(string: "https://api.example.com")!

/// The error `scope` ends with, or `nil`; for checking what a `withMocking` scope throws when
/// its body itself uses `#expect(throws:)` (which cannot expand inside another `#expect`).
func scopeError(_ scope: () async throws -> Void) async -> (any Error)? {
    do {
        try await scope()
        return nil
    } catch {
        return error
    }
}
