import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess

/// `withMocking` scopes never leak: not into later code, not into other tasks sharing the client.
struct EndpointMockScopeTests {
    let fromHTTP = User(id: 1, fullName: "From HTTP")
    let mocked = User(id: 1, fullName: "Mocked")

    /// One client, as an app's shared `APIClient` would be, backed by a stubbed `HTTPMock`.
    func sharedClient() -> (APIClient, HTTPMock) {
        let http = HTTPMock()
        http.stub(.get(urlPath: "/users/1"), .ok.json(["id": 1, "full_name": "From HTTP"]))
        return (APIClient(baseURL: baseURL, httpClient: http), http)
    }

    @Test func theNetworkIsBackAfterTheScopeReturnsOrThrows() async throws {
        let (client, http) = sharedClient()
        let other = APIClient(baseURL: baseURL, httpClient: http)
        try await client.withMocking { mock in
            mock.expect(GetUser(id: 1), returning: mocked)
            let fromOther = try await other.send(GetUser(id: 1))
            #expect(fromOther == fromHTTP)   // another client is not mocked
            let inScope = try await client.send(GetUser(id: 1))
            #expect(inScope == mocked)
        }
        let afterScope = try await client.send(GetUser(id: 1))
        #expect(afterScope == fromHTTP)

        struct Failure: Error {}
        await #expect(throws: Failure.self) {
            try await client.withMocking { mock in
                mock.expect(GetUser(id: 1), returning: mocked)
                throw Failure()
            }
        }
        let afterThrow = try await client.send(GetUser(id: 1))
        #expect(afterThrow == fromHTTP)
        #expect(http.serveEvents.count == 3)
    }

    @Test func sequentialScopesNeverSeeEachOthersExpectations() async throws {
        let (client, _) = sharedClient()
        // The first scope leaves an expectation unmet (and says so) ...
        let scopeEnd = await scopeError {
            try await client.withMocking { mock in mock.expect(GetUser(id: 1), returning: mocked) }
        }
        #expect(scopeEnd as? EndpointMockError == EndpointMockError.unmetExpectations(["GetUser /users/1"]))
        // ... which the next scope does not inherit.
        try await client.withMocking { mock in
            #expect(mock.unmetExpectations.isEmpty)
            await #expect(throws: EndpointMockError.noExpectation(actual: "GetUser /users/1")) { try await client.send(GetUser(id: 1)) }
        }
    }

    @Test func concurrentScopesOnOneClientNeverSeeEachOthersExpectations() async throws {
        let (client, _) = sharedClient()
        // Both scopes set their expectations before either sends, so they overlap in time.
        let ready = Rendezvous(parties: 2)
        try await withThrowingTaskGroup(of: [User].self) { group in
            for name in ["Ada", "Grace"] {
                group.addTask {
                    try await client.withMocking { mock in
                        mock.expect(GetUser(id: 1), returning: User(id: 1, fullName: name))
                        mock.expect(GetUser(id: 2), returning: User(id: 2, fullName: name))
                        await ready.arrive()
                        #expect(mock.unmetExpectations == ["GetUser /users/1", "GetUser /users/2"])
                        return [try await client.send(GetUser(id: 1)), try await client.send(GetUser(id: 2))]
                    }
                }
            }
            var names: [[String]] = []
            for try await users in group { names.append(users.map(\.fullName)) }
            #expect(names.sorted { $0[0] < $1[0] } == [["Ada", "Ada"], ["Grace", "Grace"]])
        }
        let afterScopes = try await client.send(GetUser(id: 1))
        #expect(afterScopes == fromHTTP)
    }

    @Test func withHTTPClientOverridesEveryClientInItsTaskOnly() async throws {
        let (client, http) = sharedClient()
        let other = HTTPMock()
        other.stub(.get(urlPath: "/users/1"), .ok.json(["id": 1, "full_name": "Overridden"]))
        let overridden = try await withHTTPClient(other) { try await client.send(GetUser(id: 1)) }
        #expect(overridden.fullName == "Overridden")
        let outside = try await client.send(GetUser(id: 1))
        #expect(outside == fromHTTP)
        #expect(http.serveEvents.count == 1)
        #expect(other.serveEvents.count == 1)
    }
}

/// Suspends each arriving task until `parties` tasks have arrived.
actor Rendezvous {
    private let parties: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(parties: Int) { self.parties = parties }

    func arrive() async {
        if waiting.count + 1 == parties {
            for continuation in waiting { continuation.resume() }
            waiting.removeAll()
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}
