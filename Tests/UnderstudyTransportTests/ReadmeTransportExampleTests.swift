import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyTesting
import UnderstudyURLSession
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The README's transport and testing examples, verbatim.
struct UserService {
    var client: any HTTPClient = URLSession.shared
    func name(of id: Int) async throws -> String {
        let url = URL(string: "https://api.example.com/users/\(id)")!
        let (data, _) = try await client.data(for: URLRequest(url: url))
        return String(decoding: data, as: UTF8.self)
    }
}

@Test func namesAUser() async throws {
    let mock = HTTPMock()
    mock.stub(.get(urlPath: "/users/1"), .ok.body("Ada"))
    #expect(try await UserService(client: mock).name(of: 1) == "Ada")               // direct
    #expect(try await UserService(client: mock.urlSession()).name(of: 1) == "Ada")  // URLSession
}

@Test(.mockHTTP) func loadsProfile() async throws {      // a fresh mock per test
    HTTPMock.current.stub(.get(urlPath: "/me"), .ok.body("Ada"))
    _ = try await HTTPMock.current.data(for: URLRequest(url: URL(string: "https://api.example.com/me")!))
    HTTPMock.current.assertRequested(.exactly(1), .get(urlPath: "/me"))
}   // afterwards: every unmatched request is an issue; .mockHTTP(reportUnusedStubs: true) adds unused stubs

final class ProfileTests: MockHTTPTestCase {             // XCTest: `mock` (and `server`) per test
    override var startsServer: Bool { true }

    func testServerIsUp() async throws {
        XCTAssertNotNil(server)
    }
}
