public import UnderstudyClient

extension APIClient {
    /// Runs `body` with typed expectations answering this client's calls instead of the
    /// network, then checks that every expectation was consumed.
    ///
    /// Inside `body` (and the tasks it creates with `Task { }` or task groups), every
    /// ``send(_:)``, ``send(_:with:)`` and ``download(_:)`` of this client is answered by the
    /// ``EndpointMock`` handed to `body`; nothing leaves the process. Outside it the client
    /// sends real requests again: the scope ends when `body` returns *or* throws, so no mocking
    /// outlives the test. Scopes are per task, so tests that share one client, even running
    /// at the same time, never see each other's expectations. Work started with
    /// `Task.detached`, or in a task that existed before the scope, is not covered.
    ///
    /// When `body` returns, expectations no request consumed make the scope throw
    /// ``EndpointMockError/unmetExpectations(_:)``; when `body` throws, its error is rethrown.
    ///
    /// ```swift
    /// @Test func showsTheUser() async throws {
    ///     try await client.withMocking { mock in
    ///         mock.expect(GetUser(id: 2), returning: User(id: 2, fullName: "Ada"))
    ///         let user = try await client.send(GetUser(id: 2))
    ///         #expect(user.fullName == "Ada")
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - order: whether expectations are consumed in the order they were made.
    ///   - isolation: the actor the body runs on; the caller's by default.
    ///   - body: the test, given the expectations that answer this client's calls.
    public func withMocking<Result>(
        order: EndpointMock.Order = .inOrder,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (EndpointMock) async throws -> Result
    ) async throws -> Result {
        let mock = EndpointMock(order: order, coders: coders)
        var mocks = EndpointMockScope.answerers
        mocks[ObjectIdentifier(self)] = mock
        let result = try await EndpointMockScope.$answerers.withValue(mocks, operation: { try await body(mock) }, isolation: isolation)
        try mock.verifyAllExpectationsMet()
        return result
    }
}
