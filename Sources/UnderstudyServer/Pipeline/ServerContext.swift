import Understudy

/// What every connection of one server shares.
struct ServerContext: Sendable {
    let mock: HTTPMock
    let configuration: MockServerConfiguration
    /// Asks the server to shut down (the admin API's `shutdown`).
    let requestShutdown: @Sendable () -> Void
    /// Admin settings and start time, kept for the server's lifetime.
    let adminState = AdminState()
}
