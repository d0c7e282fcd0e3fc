import Foundation
import OpenAPIRuntime
import Testing
import UnderstudyOpenAPI

/// The generated petstore client (Generated/, from Petstore/openapi.yaml), answered by `mock`
/// in process, at the server URL the spec declares (`https://petstore.example.com/v1`).
func petstore(_ mock: HTTPMock) throws -> Client {
    Client(serverURL: try Servers.Server1.url(), transport: mock.clientTransport())
}

/// `Components.Schemas.Pet`, shorter.
typealias Pet = Components.Schemas.Pet

/// The error a generated client threw, unwrapped from its `ClientError`; records an issue and
/// returns `nil` when it threw something else or nothing.
func underlyingError(
    sourceLocation: SourceLocation = #_sourceLocation,
    of call: () async throws -> some Any
) async -> (any Error)? {
    do {
        _ = try await call()
        Issue.record("the call succeeded; an error was expected", sourceLocation: sourceLocation)
        return nil
    } catch let error as ClientError {
        return error.underlyingError
    } catch {
        Issue.record("expected a ClientError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
