public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Takes over every request the ``APIClient``s make inside ``withRequestHandler(_:operation:)``:
/// data calls and downloads alike (a download is a data call whose body is written to a file).
public protocol RequestHandler: Sendable {
    /// Answers one request.
    func data(for request: URLRequest) async throws -> (Data, URLResponse)
}

/// Runs `operation` with `handler` answering the requests of every ``APIClient`` used in it.
/// The handler is a task-local value: it ends with the operation and never reaches other
/// tasks or tests.
public func withRequestHandler<Result>(
    _ handler: any RequestHandler,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async rethrows -> Result {
    try await RequestHandlerScope.$current.withValue(handler, operation: operation, isolation: isolation)
}

/// Holds the handler of the current task.
enum RequestHandlerScope {
    @TaskLocal static var current: (any RequestHandler)?
}
