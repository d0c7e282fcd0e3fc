import Foundation
import HTTPTypes
import Logging
import Metrics
import OpenAPIRuntime
import ServiceLifecycle
import Testing
import UnderstudyMocks

struct RealProtocolsTests {
    @Test func aMiddlewareMockAnswersInsteadOfTheTransport() async throws {
        let middleware = MockMockableClientMiddleware()
        given(middleware).intercept(.any, body: .any, baseURL: .any, operationID: .value("getPetById"), next: .any)
            .willReturn((HTTPResponse(status: .notFound), nil))
        let (response, body) = try await middleware.intercept(
            HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/pets/1"), body: nil,
            baseURL: URL(string: "https://example.com")!, operationID: "getPetById"
        ) { _, _, _ in (HTTPResponse(status: .ok), nil) }
        #expect(response.status == .notFound)
        #expect(body == nil)
        verify(middleware).intercept(.matching { $0.path == "/pets/1" }, body: .any, baseURL: .any, operationID: .any, next: .any)
            .called(.once)
    }

    @Test func aLoggerLogsThroughTheMockedHandler() {
        let handler = MockMockableLogHandler(policy: .relaxedVoid)
        given(handler).logLevel.willReturn(.info).metadata.willReturn([:]).metadataProvider.willReturn(nil)
        let logger = Logger(label: "test") { _ in handler }
        logger.info("hello")
        logger.debug("dropped below the level")
        verify(handler).log(event: .matching { $0.level == .info && $0.message.description == "hello" }).called(.once)
        verify(handler).log(event: .any).called(.once)
    }

    @Test func aCounterCountsThroughTheMockedHandler() {
        let handler = MockMockableCounterHandler(policy: .relaxedVoid)
        let counter = Counter(label: "requests", dimensions: [], handler: handler, factory: NOOPMetricsHandler.instance)
        counter.increment(by: 3)
        counter.increment()
        counter.reset()
        verify(handler).increment(by: .value(3)).called(.once).increment(by: .any).called(2).reset().called(.once)
    }

    @Test func aServiceGroupRunsTheMockedService() async throws {
        let service = MockMockableService()
        given(service).run().willReturn()
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup)],
            logger: Logger(label: "group")))
        try await group.run()
        verify(service).run().called(.once)
    }
}
