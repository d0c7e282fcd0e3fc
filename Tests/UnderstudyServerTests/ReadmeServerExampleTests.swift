import Foundation
import Testing
import Understudy
import UnderstudyServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The README's server example, verbatim.
@Test func talksToARealSocket() async throws {
    let mock = HTTPMock()
    mock.stub(.get(urlPath: "/health"), .ok.body("up"))
    try await withMockServer(mock) { server in           // 127.0.0.1, ephemeral port, always shut down
        let (data, _) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("health"))
        #expect(String(decoding: data, as: UTF8.self) == "up")
    }
    try mock.verify(.exactly(1), .get(urlPath: "/health"))
}
