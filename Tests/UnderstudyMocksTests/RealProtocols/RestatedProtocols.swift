import Foundation
import HTTPTypes
import Logging
import Metrics
import OpenAPIRuntime
import ServiceLifecycle
import UnderstudyMocks

// Protocols no one here wrote, each restated in a refining @Mockable protocol (the macro reads
// only the protocol it is attached to), then used for real by their own libraries' code.

/// swift-openapi-runtime's transport, as generated clients call it.
@Mockable
protocol MockableClientTransport: ClientTransport {
    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?)
}

/// swift-openapi-runtime's middleware.
@Mockable
protocol MockableClientMiddleware: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?)
}

/// swift-log's handler, under a `Logger`.
@Mockable
protocol MockableLogHandler: LogHandler {
    func log(event: LogEvent)
    subscript(metadataKey key: String) -> Logger.Metadata.Value? { get set }
    var metadata: Logger.Metadata { get set }
    var logLevel: Logger.Level { get set }
    var metadataProvider: Logger.MetadataProvider? { get set }
}

/// swift-metrics' counter handler, under a `Counter`.
@Mockable
protocol MockableCounterHandler: CounterHandler {
    func increment(by amount: Int64)
    func reset()
}

/// swift-service-lifecycle's service, run by a `ServiceGroup`.
@Mockable
protocol MockableService: Service {
    func run() async throws
}
