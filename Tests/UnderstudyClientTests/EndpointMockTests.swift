import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The seed's scenarios with typed expectations: nothing leaves the process.
struct EndpointMockTests {
    let ada = User(id: 1, fullName: "Ada Lovelace", address: Address(city: "Rome", street: "Via Appia"))

    func client() -> (APIClient, HTTPMock) {
        let http = HTTPMock() // would fail loudly if anything reached it
        return (APIClient(baseURL: baseURL, httpClient: http), http)
    }

    @Test func listGetCreateLoginAndDownload() async throws {
        let (client, http) = client()
        try await client.withMocking { mock in
            mock.expect(ListUsers(), returning: [ada])
            mock.expect(GetUser(id: 1), returning: ada)
            mock.expect(CreateUser(), receiving: NewUser(fullName: "Ada Lovelace", address: Address(city: "Rome", street: "Via Appia")),
                        returning: ada)
            mock.expect(Login(), validatingInput: { credentials in
                guard credentials.password == "s3cret" else { throw APIError.unauthorized(body: Data()) }
                return Session(token: "tok-\(credentials.username)")
            })
            mock.expectDownload(DownloadAvatar(id: 1), returning: Data("PNG".utf8))

            let users = try await client.send(ListUsers())
            #expect(users == [ada])
            let user = try await client.send(GetUser(id: 1))
            #expect(user == ada)
            let created = try await client.send(CreateUser(), with: NewUser(fullName: "Ada Lovelace", address: Address(city: "Rome", street: "Via Appia")))
            #expect(created == ada)
            let session = try await client.send(Login(), with: Credentials(username: "ada", password: "s3cret"))
            #expect(session == Session(token: "tok-ada"))
            let file = try await client.download(DownloadAvatar(id: 1))
            #expect(try Data(contentsOf: file) == Data("PNG".utf8))
            #expect(mock.unmetExpectations.isEmpty)
        }
        #expect(http.serveEvents.isEmpty)
    }

    @Test func endpointsWithoutOutputNeedNoValue() async throws {
        let (client, _) = client()
        try await client.withMocking { mock in
            mock.expect(Logout())
            mock.expect(TrackEvent(), receiving: ["screen": "home"])
            try await client.send(Logout())
            try await client.send(TrackEvent(), with: ["screen": "home"])
        }
    }

    @Test func unauthorizedPathAndThrownErrors() async throws {
        let (client, _) = client()
        try await client.withMocking { mock in
            mock.expect(GetUser(id: 2), throwing: APIError.unauthorized(body: Data()))
            await #expect(throws: APIError.unauthorized(body: Data())) { try await client.send(GetUser(id: 2)) }
            mock.expect(Login(), validatingInput: { _ in throw APIError.unauthorized(body: Data()) })
            await #expect(throws: APIError.self) { try await client.send(Login(), with: Credentials(username: "a", password: "wrong")) }
            mock.expect(CreateUser(), receiving: NewUser(fullName: "Ada", address: Address(city: "Rome", street: "Via Appia")),
                        throwing: APIError.status(409, body: Data()))
            await #expect(throws: APIError.status(409, body: Data())) {
                try await client.send(CreateUser(), with: NewUser(fullName: "Ada", address: Address(city: "Rome", street: "Via Appia")))
            }
        }
    }

    /// A mocked `URLError` reaches the caller exactly as a real network failure does.
    @Test func aMockedURLErrorIsTheTransportErrorARealFailureIs() async throws {
        let (client, http) = client()
        http.stub(.get(urlPath: "/users/1"), .fault(.connectionResetByPeer))
        let real = await #expect(throws: APIError.self) { try await client.send(GetUser(id: 1)) }
        let realCode = try #require(real?.urlError?.code)
        try await client.withMocking { mock in
            mock.expect(GetUser(id: 1), throwing: URLError(realCode))
            let mocked = await #expect(throws: APIError.self) { try await client.send(GetUser(id: 1)) }
            #expect(mocked == .transport(URLError(realCode)))
            #expect(mocked?.urlError?.code == real?.urlError?.code)
            mock.expect(GetUser(id: 2), throwing: URLError(.notConnectedToInternet))
            await #expect(throws: APIError.transport(URLError(.notConnectedToInternet))) { try await client.send(GetUser(id: 2)) }
            mock.expect(GetUser(id: 3), throwing: URLError(.cancelled))
            await #expect(throws: APIError.cancelled) { try await client.send(GetUser(id: 3)) }
            mock.expectDownload(DownloadAvatar(id: 1), returning: Data())
            mock.expect(DownloadAvatar(id: 1), throwing: URLError(.timedOut))
            _ = try await client.download(DownloadAvatar(id: 1))
            await #expect(throws: APIError.transport(URLError(.timedOut))) { try await client.send(DownloadAvatar(id: 1)) }
        }
    }

    @Test func inputMismatchNamesTheFirstDifferingKeyPath() async throws {
        let (client, _) = client()
        let scopeEnd = await scopeError {
            try await client.withMocking { mock in
                mock.expect(CreateUser(), receiving: NewUser(fullName: "Ada", address: Address(city: "Rome", street: "Via Appia")),
                            returning: ada)
                await #expect(throws: EndpointMockError.inputMismatch(endpoint: "CreateUser /users", difference: #"address.city: expected "Rome", got "Milan""#)) {
                    try await client.send(CreateUser(), with: NewUser(fullName: "Ada", address: Address(city: "Milan", street: "Via Appia")))
                }
            }
        }
        // The call that failed the input check consumed the expectation, so the scope ends cleanly.
        #expect(scopeEnd == nil)
        #expect(EndpointMockError.inputMismatch(endpoint: "CreateUser /users", difference: #"address.city: expected "Rome", got "Milan""#).description
            == #"CreateUser /users received a different input: address.city: expected "Rome", got "Milan""#)
    }

    @Test func wrongOrderWrongTypeAndNoExpectation() async throws {
        let (client, _) = client()
        try await client.withMocking { mock in
            mock.expect(GetUser(id: 1), returning: ada)
            mock.expect(ListUsers(), returning: [])
            await #expect(throws: EndpointMockError.unexpectedEndpoint(expected: "GetUser /users/1", actual: "ListUsers /users")) {
                try await client.send(ListUsers())
            }
            await #expect(throws: EndpointMockError.unexpectedEndpoint(expected: "GetUser /users/1", actual: "GetUser /users/2")) {
                try await client.send(GetUser(id: 2))
            }
            _ = try await client.send(GetUser(id: 1))
            _ = try await client.send(ListUsers())
            await #expect(throws: EndpointMockError.noExpectation(actual: "ListUsers /users")) { try await client.send(ListUsers()) }
        }
        #expect(EndpointMockError.noExpectation(actual: "ListUsers /users").description
            == "Unexpected request ListUsers /users: no expectation left; add mock.expect(...) for it")
    }

    @Test func anyOrderAndPathValidation() async throws {
        let (client, _) = client()
        try await client.withMocking(order: .anyOrder) { mock in
            mock.expect(ListUsers(), returning: [])
            mock.expectEndpoint(ofType: GetUser.self, validatingPath: { $0.hasPrefix("/users/") }, returning: ada)
            let user = try await client.send(GetUser(id: 99))
            #expect(user == ada)
            let users = try await client.send(ListUsers())
            #expect(users == [])
        }
    }

    @Test func unmetExpectationsEndTheScopeWithAnError() async throws {
        let (client, _) = client()
        let error = await scopeError {
            try await client.withMocking { mock in
                mock.expect(GetUser(id: 1), returning: ada)
                #expect(throws: EndpointMockError.unmetExpectations(["GetUser /users/1"])) { try mock.verifyAllExpectationsMet() }
            }
        }
        #expect(error as? EndpointMockError == EndpointMockError.unmetExpectations(["GetUser /users/1"]))
        #expect((error as? EndpointMockError)?.description == "1 expectation(s) never met: GetUser /users/1")
    }

    @Test func waitingReturnsOnceAConcurrentTaskConsumesTheExpectations() async throws {
        let (client, _) = client()
        try await client.withMocking { mock in
            try await mock.waitForAllExpectations(timeout: .milliseconds(1)) // nothing to wait for
            mock.expect(GetUser(id: 1), returning: ada)
            mock.expect(ListUsers(), returning: [ada])
            // A task created in the scope is in the scope.
            let background = Task {
                let user = try await client.send(GetUser(id: 1))
                return (user, try await client.send(ListUsers()))
            }
            // Two waiters, both released by the request that consumes the last expectation; the
            // timeout is far beyond anything the test may take.
            async let other: Void = mock.waitForAllExpectations(timeout: .seconds(600))
            try await mock.waitForAllExpectations(timeout: .seconds(600))
            try await other
            #expect(mock.unmetExpectations.isEmpty)
            let (user, users) = try await background.value
            #expect(user == ada)
            #expect(users == [ada])
        }
    }

    @Test func waitingTimesOutNamingTheUnmetExpectations() async throws {
        let (client, _) = client()
        let scopeEnd = await scopeError {
            try await client.withMocking { mock in
                mock.expect(GetUser(id: 1), returning: ada)
                mock.expect(ListUsers(), returning: [])
                mock.expect(CreateUser(), returning: ada)
                _ = try await client.send(GetUser(id: 1))
                let error = await #expect(throws: EndpointMockError.timedOut(unmet: ["ListUsers /users", "CreateUser /users"])) {
                    try await mock.waitForAllExpectations(timeout: .milliseconds(50))
                }
                #expect(error?.unmet == ["ListUsers /users", "CreateUser /users"])
                #expect(error?.description == "Timed out waiting for 2 expectation(s): ListUsers /users, CreateUser /users")
                // The expectations are still there to be consumed.
                #expect(mock.unmetExpectations == ["ListUsers /users", "CreateUser /users"])
            }
        }
        #expect(scopeEnd as? EndpointMockError == EndpointMockError.unmetExpectations(["ListUsers /users", "CreateUser /users"]))
    }

    @Test func cancellingTheWaitingTaskEndsTheWait() async throws {
        let (client, _) = client()
        let scopeEnd = await scopeError {
            try await client.withMocking { mock in
                mock.expect(GetUser(id: 1), returning: ada)
                let waiting = Task { try await mock.waitForAllExpectations(timeout: .seconds(600)) }
                waiting.cancel()
                await #expect(throws: CancellationError.self) { try await waiting.value }
                #expect(mock.unmetExpectations == ["GetUser /users/1"])
            }
        }
        #expect(scopeEnd as? EndpointMockError == EndpointMockError.unmetExpectations(["GetUser /users/1"]))
    }
}

/// Typed mocking of event-stream endpoints: `expectEvents` answers `APIClient.events` with
/// events that are timed, parsed and decoded as a real stream's.
struct EventStreamMockingTests {
    struct Tick: Codable, Sendable, Equatable {
        var n: Int
        var sentAt: String? = nil
    }

    struct Ticks: EventStreamEndpoint {
        typealias Event = Tick
        var path: String { "/ticks" }
        var endMarker: String? { "end" }
    }

    @Test func anExpectedStreamIsAnsweredWithItsEventsInOrder() async throws {
        let http = HTTPMock() // nothing may reach it
        let client = APIClient(baseURL: baseURL, httpClient: http)
        try await client.withMocking { mock in
            mock.expectEvents(Ticks(), answering: [.data(#"{"n": 1}"#), .comment("ping"), .data(#"{"n": 2}"#, after: .milliseconds(10)),
                                                   .data("end"), .data(#"{"n": 3}"#)])
            var ticks: [Tick] = []
            for try await tick in client.events(Ticks()) { ticks.append(tick) }
            #expect(ticks == [Tick(n: 1), Tick(n: 2)])
        }
        #expect(http.serveEvents.isEmpty)
    }

    @Test func typedEventsArriveDecodedAndTheStreamEndsAtTheMarker() async throws {
        let client = APIClient(baseURL: baseURL, httpClient: HTTPMock())
        try await client.withMocking { mock in
            // Each event is sent as JSON data and decoded back by the client; the endpoint's
            // end marker follows them, so the stream ends there.
            mock.expectEvents(Ticks(), returning: [Tick(n: 1, sentAt: "noon"), Tick(n: 2)])
            var ticks: [Tick] = []
            for try await tick in client.events(Ticks()) { ticks.append(tick) }
            #expect(ticks == [Tick(n: 1, sentAt: "noon"), Tick(n: 2)])
        }
    }

    @Test func aStreamNobodyExpectedFailsNamingIt() async throws {
        let client = APIClient(baseURL: baseURL, httpClient: HTTPMock())
        try await client.withMocking { mock in
            mock.expect(ListUsers(), returning: [])
            await #expect {
                for try await _ in client.events(Ticks()) {}
            } throws: { error in
                "\(error)".contains("event stream of Ticks /ticks")
            }
            _ = try await client.send(ListUsers())
        }
    }
}
