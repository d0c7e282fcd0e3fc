import Understudy

/// WireMock's admin API under `/__admin` (placeholder until the full API lands).
struct AdminAPI {
    let mock: HTTPMock
    let requestShutdown: @Sendable () -> Void

    func handle(_ request: RecordedRequest) -> ResponseDefinition {
        .notFound.body("No admin resource at \(request.path)\n")
    }
}
