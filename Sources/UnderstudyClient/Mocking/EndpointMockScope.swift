package import Foundation
#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// What answers an ``APIClient``'s calls inside a typed-mocking scope instead of its HTTP
/// client. It is the seam typed endpoint mocking (`EndpointMock`, on the test side) plugs into,
/// so the app side knows nothing of the mock.
package protocol EndpointAnswering: Sendable {
    /// The output of a call of `endpoint` with `input`, or the error it fails with.
    func answer<E: Endpoint>(_ endpoint: E, input: E.Input) async throws -> E.Output
    /// The bytes a download of `endpoint` writes to its file.
    func answerDownload<E: Endpoint>(_ endpoint: E) async throws -> Data
    /// The streamed answer to `request`, made for an event-stream `endpoint`.
    func stream<E: EventStreamEndpoint>(_ endpoint: E, request: URLRequest) async throws -> (StreamedBody, URLResponse)
}

/// What answers each ``APIClient`` whose mocking scope the current task is in, keyed by the
/// client's identity.
///
/// A task-local value, so a scope covers only the tasks that run inside it: two tests (or
/// two tasks) mocking one shared client each see their own expectations, and nothing is left
/// on when a scope ends, whether it returns or throws.
package enum EndpointMockScope {
    @TaskLocal package static var answerers: [ObjectIdentifier: any EndpointAnswering] = [:]

    /// What answers for `client` in the current task, if anything.
    static func answerer(for client: APIClient) -> (any EndpointAnswering)? { answerers[ObjectIdentifier(client)] }
}
