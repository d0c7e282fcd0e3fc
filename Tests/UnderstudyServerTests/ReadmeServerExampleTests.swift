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

// The README's recording example, verbatim.
func recordOnce(from backendURL: String) async throws -> RecordingResult {
    let root = MappingsRoot(path: NSTemporaryDirectory() + "recorded-\(UUID())")
    return try await withMockServer(HTTPMock(configuration: .init(root: root))) { server in
        try server.recorder.start(RecordSpec(targetBaseURL: backendURL))
        _ = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("users/42"))
        return try server.recorder.stop()   // the stubs are served now, and written under root
    }
}

@Test func theReadmeRecordingExampleRecordsTheBackend() async throws {
    let backend = HTTPMock()
    backend.stub(.get(urlPath: "/users/42"), .ok.json(["id": 42]))
    let result = try await withMockServer(backend) { server in try await recordOnce(from: server.baseURL.absoluteString) }
    #expect(result.mappings.count == 1)
    #expect(result.mappings.first?.response.definition?.body == .json(["id": 42]))
    #expect(result.mappings.first?.persistent == true)
}
