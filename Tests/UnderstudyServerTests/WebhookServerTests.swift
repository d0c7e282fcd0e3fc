import Foundation
import NIOPosix
import Testing
import Understudy
@testable import UnderstudyServer

/// The loopback server's default webhook sender is its upstream client.
struct WebhookServerTests {
    /// A webhook whose delay ends after the server has shut down fails with a reason instead
    /// of starting a client nobody would shut down.
    @Test func theUpstreamClientRefusesToSendAfterShutdown() async throws {
        let client = UpstreamClient(group: MultiThreadedEventLoopGroup.singleton, timeout: .seconds(5))
        await client.shutdown()
        let error = await #expect(throws: UpstreamClientError.self) {
            try await client.send(WebhookRequest(method: .post, url: "http://127.0.0.1:1/late"))
        }
        #expect(error?.description == "the server has shut down")
    }
}
