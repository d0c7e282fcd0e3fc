/// Runs `operation` with `client` sending the requests of every ``APIClient`` used in it,
/// instead of each client's own ``APIClient/httpClient``: data calls and downloads alike (a
/// download is a data call whose body is written to a file).
///
/// The override is a task-local value: it covers `operation` and the tasks it creates with
/// `Task { }` or task groups, ends when `operation` returns or throws, and never reaches other
/// tasks or tests. `Task.detached` work started inside does not see it.
///
/// ```swift
/// let mock = HTTPMock()
/// mock.stub(.get(urlPath: "/users/2"), .ok.json(["id": 2, "full_name": "Ada"]))
/// let user = try await withHTTPClient(mock) { try await client.send(GetUser(id: 2)) }
/// ```
public func withHTTPClient<Result>(
    _ client: any HTTPClient,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async rethrows -> Result {
    try await HTTPClientOverride.$current.withValue(client, operation: operation, isolation: isolation)
}

/// Holds the client that ``withHTTPClient(_:isolation:operation:)`` set for the current task.
enum HTTPClientOverride {
    @TaskLocal static var current: (any HTTPClient)?
}
