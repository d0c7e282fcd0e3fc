import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyTesting

/// The seed's scenarios with typed expectations: nothing leaves the process.
struct EndpointMockTests {
    let ada = User(id: 1, fullName: "Ada Lovelace", address: Address(city: "Rome", street: "Via Appia"))

    func client() -> (APIClient, HTTPMock) {
        let http = HTTPMock() // would fail loudly if anything reached it
        return (APIClient(baseURL: baseURL, httpClient: http), http)
    }

    @Test func listGetCreateLoginAndDownload() async throws {
        let (client, http) = client()
        let mock = client.startMocking()
        mock.expect(ListUsers(), andReturn: .success([ada]))
        mock.expect(GetUser(id: 1), andReturn: .success(ada))
        mock.expect(CreateUser(), receiving: NewUser(fullName: "Ada Lovelace", address: Address(city: "Rome", street: "Via Appia")),
                    andReturn: .success(ada))
        mock.expect(Login(), validatingInput: { credentials in
            guard credentials.password == "s3cret" else { throw APIError.unauthorized(body: Data()) }
            return Session(token: "tok-\(credentials.username)")
        })
        mock.expectDownload(DownloadAvatar(id: 1), returning: Data("PNG".utf8))

        #expect(try await client.send(ListUsers()) == [ada])
        #expect(try await client.send(GetUser(id: 1)) == ada)
        #expect(try await client.send(CreateUser(), with: NewUser(fullName: "Ada Lovelace", address: Address(city: "Rome", street: "Via Appia"))) == ada)
        #expect(try await client.send(Login(), with: Credentials(username: "ada", password: "s3cret")) == Session(token: "tok-ada"))
        let file = try await client.download(DownloadAvatar(id: 1))
        #expect(try Data(contentsOf: file) == Data("PNG".utf8))
        try mock.verifyAllExpectationsMet()
        #expect(http.serveEvents.isEmpty)
    }

    @Test func unauthorizedPathAndThrownErrors() async throws {
        let (client, _) = client()
        let mock = client.startMocking()
        mock.expect(GetUser(id: 2), throwingError: APIError.unauthorized(body: Data()))
        await #expect(throws: APIError.self) { try await client.send(GetUser(id: 2)) }
        mock.expect(Login(), validatingInput: { _ in throw APIError.unauthorized(body: Data()) })
        await #expect(throws: APIError.self) { try await client.send(Login(), with: Credentials(username: "a", password: "wrong")) }
    }

    @Test func inputMismatchNamesTheFirstDifferingKeyPath() async throws {
        let (client, _) = client()
        let mock = client.startMocking()
        mock.expect(CreateUser(), receiving: NewUser(fullName: "Ada", address: Address(city: "Rome", street: "Via Appia")),
                    andReturn: .success(ada))
        await #expect(throws: EndpointMockError.inputMismatch(endpoint: "CreateUser /users", difference: #"address.city: expected "Rome", got "Milan""#)) {
            try await client.send(CreateUser(), with: NewUser(fullName: "Ada", address: Address(city: "Milan", street: "Via Appia")))
        }
        #expect(EndpointMockError.inputMismatch(endpoint: "CreateUser /users", difference: #"address.city: expected "Rome", got "Milan""#).description
            == #"CreateUser /users received a different input: address.city: expected "Rome", got "Milan""#)
    }

    @Test func wrongOrderWrongTypeAndNoExpectation() async throws {
        let (client, _) = client()
        let mock = client.startMocking()
        mock.expect(GetUser(id: 1), andReturn: .success(ada))
        mock.expect(ListUsers(), andReturn: .success([]))
        await #expect(throws: EndpointMockError.unexpectedEndpoint(expected: "GetUser /users/1", actual: "ListUsers /users")) {
            try await client.send(ListUsers())
        }
        await #expect(throws: EndpointMockError.unexpectedEndpoint(expected: "GetUser /users/1", actual: "GetUser /users/2")) {
            try await client.send(GetUser(id: 2))
        }
        _ = try await client.send(GetUser(id: 1))
        _ = try await client.send(ListUsers())
        await #expect(throws: EndpointMockError.noExpectation(actual: "ListUsers /users")) { try await client.send(ListUsers()) }
        #expect(EndpointMockError.noExpectation(actual: "ListUsers /users").description
            == "Unexpected request ListUsers /users: no expectation left; add mock.expect(...) for it")
    }

    @Test func anyOrderAndPathValidation() async throws {
        let (client, _) = client()
        let mock = client.startMocking(order: .anyOrder)
        mock.expect(ListUsers(), andReturn: .success([]))
        mock.expectEndpoint(ofType: GetUser.self, validatingPath: { $0.hasPrefix("/users/") }, andReturn: .success(ada))
        #expect(try await client.send(GetUser(id: 99)) == ada)
        #expect(try await client.send(ListUsers()) == [])
        try mock.verifyAllExpectationsMet()
    }

    @Test func unmetExpectationsAreReported() async throws {
        let (client, _) = client()
        let mock = client.startMocking()
        mock.expect(GetUser(id: 1), andReturn: .success(ada))
        #expect(throws: EndpointMockError.unmetExpectations(["GetUser /users/1"])) { try mock.verifyAllExpectationsMet() }
        #expect(EndpointMockError.unmetExpectations(["GetUser /users/1"]).description == "1 expectation(s) never met: GetUser /users/1")
    }

    @Test func waitingReturnsOnceAConcurrentTaskConsumesTheExpectations() async throws {
        let (client, _) = client()
        let mock = client.startMocking()
        try await mock.waitForAllExpectations(timeout: .milliseconds(1)) // nothing to wait for
        mock.expect(GetUser(id: 1), andReturn: .success(ada))
        mock.expect(ListUsers(), andReturn: .success([ada]))
        let background = Task {
            try await Task.sleep(for: .milliseconds(50))
            let user = try await client.send(GetUser(id: 1))
            #expect(mock.unmetExpectations == ["ListUsers /users"])
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

    @Test func waitingTimesOutNamingTheUnmetExpectations() async throws {
        let (client, _) = client()
        let mock = client.startMocking()
        mock.expect(GetUser(id: 1), andReturn: .success(ada))
        mock.expect(ListUsers(), andReturn: .success([]))
        mock.expect(CreateUser(), andReturn: .success(ada))
        _ = try await client.send(GetUser(id: 1))
        let error = await #expect(throws: EndpointMockError.timedOut(unmet: ["ListUsers /users", "CreateUser /users"])) {
            try await mock.waitForAllExpectations(timeout: .milliseconds(50))
        }
        #expect(error?.unmet == ["ListUsers /users", "CreateUser /users"])
        #expect(error?.description == "Timed out waiting for 2 expectation(s): ListUsers /users, CreateUser /users")
        // The expectations are still there to be consumed.
        #expect(mock.unmetExpectations == ["ListUsers /users", "CreateUser /users"])
    }

    @Test func cancellingTheWaitingTaskEndsTheWait() async throws {
        let (client, _) = client()
        let mock = client.startMocking()
        mock.expect(GetUser(id: 1), andReturn: .success(ada))
        let waiting = Task { try await mock.waitForAllExpectations(timeout: .seconds(600)) }
        try await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(mock.unmetExpectations == ["GetUser /users/1"])
    }

    @Test func stopMockingSendsRealRequestsAgainAndClientsAreIndependent() async throws {
        let (client, http) = client()
        http.stub(.get(urlPath: "/users/1"), .ok.json(["id": 1, "full_name": "From HTTP"]))
        let other = APIClient(baseURL: baseURL, httpClient: http)
        let mock = client.startMocking()
        mock.expect(GetUser(id: 1), andReturn: .success(ada))
        #expect(try await other.send(GetUser(id: 1)).fullName == "From HTTP")   // not mocking
        #expect(try await client.send(GetUser(id: 1)) == ada)
        client.stopMocking()
        #expect(try await client.send(GetUser(id: 1)).fullName == "From HTTP")
    }

    @Test func theTraitReportsUnmetExpectations() async throws {
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await MockHTTPTrait.mockHTTP.provideScope(for: test, testCase: Test.Case.current) {
                let client = APIClient(baseURL: baseURL, httpClient: HTTPMock.current)
                client.startMocking().expect(GetUser(id: 1), andReturn: .success(ada))
            }
        } matching: { issue in
            issue.comments.first?.rawValue == "1 expectation(s) never met: GetUser /users/1"
        }
    }
}
