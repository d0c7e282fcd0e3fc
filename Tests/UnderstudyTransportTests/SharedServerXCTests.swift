import Foundation
import Understudy
import UnderstudyServer
import UnderstudyTesting
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `MockHTTPTestCase` whose `sharedServer` is set: every test of the class runs on one
/// server, each in a namespace of its own that `tearDown` drops. (With `swift test --parallel`,
/// XCTest's workers are processes, each with its own copy of the static server.)
final class SharedServerXCTests: MockHTTPTestCase {
    static let shared = SharedMockServer()

    override var sharedServer: SharedMockServer? { Self.shared }

    private func answer(_ path: String) async throws -> String {
        let server = try XCTUnwrap(server)
        let session = server.urlSession(for: mock)
        defer { session.finishTasksAndInvalidate() }
        let (data, _) = try await session.data(from: try server.baseURL.appendingPathComponent(path))
        return String(decoding: data, as: UTF8.self)
    }

    private func checkIsolation(answering text: String) async throws {
        let namespace = try XCTUnwrap(mock.namespace)
        // The namespaces of the tests that ran before this one were dropped.
        XCTAssertEqual(Self.shared.mock.namespaces, [])
        mock.stub(.get(urlPath: "/who"), .ok.body(text))
        XCTAssertEqual(Self.shared.mock.namespaces, [namespace])
        let answered = try await answer("who")
        XCTAssertEqual(answered, text)
        XCTAssertEqual(mock.serveEvents.count, 1)
        XCTAssertTrue(server === Self.shared.server)
    }

    func testOne() async throws { try await checkIsolation(answering: "one") }
    func testTwo() async throws { try await checkIsolation(answering: "two") }
    func testThree() async throws { try await checkIsolation(answering: "three") }
}
