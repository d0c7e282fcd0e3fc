import Foundation
import NIOCore
import NIOPosix
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

    /// An endpoint that takes its time runs off the event loop: on a server with one event-loop
    /// thread, a stub request is answered while the endpoint is still working.
    @Test func anExtensionThatTakesItsTimeDoesNotHoldUpOtherRequests() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let (entered, enter) = AsyncStream<Void>.makeStream()
        let (gate, open) = AsyncStream<Void>.makeStream()
        var configuration = MockServerConfiguration()
        configuration.adminExtensions = [AdminExtension(.get, "/slow") { _ in
            enter.yield()
            for await _ in gate { break }
            return .ok.body("done")
        }]
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/fast"), .ok.body("fast"))
        let server = MockServer(mock: mock, configuration: configuration, group: group)
        try await server.start()
        let slowURL = try server.baseURL.appendingPathComponent("__admin/slow")
        async let slow = send(slowURL)
        defer { open.finish() }  // declared after `slow`, so it runs before `slow` is awaited on a failure
        for await _ in entered { break }
        let fast = try await send(server.baseURL.appendingPathComponent("fast"))
        #expect(fast.status == 200 && fast.body == "fast")
        open.yield()
        #expect(try await slow.body == "done")
        try await server.shutdown()
        try await group.shutdownGracefully()
    }
}
