/// The ``EndpointMock`` of each ``APIClient`` whose ``APIClient/withMocking(order:isolation:_:)``
/// scope the current task is in, keyed by the client's identity.
///
/// A task-local value, so a scope covers only the tasks that run inside it: two tests (or
/// two tasks) mocking one shared client each see their own expectations, and nothing is left
/// on when a scope ends, whether it returns or throws.
enum EndpointMockScope {
    @TaskLocal static var mocks: [ObjectIdentifier: EndpointMock] = [:]

    /// The mock that answers for `client` in the current task, if any.
    static func mock(for client: APIClient) -> EndpointMock? { mocks[ObjectIdentifier(client)] }
}
