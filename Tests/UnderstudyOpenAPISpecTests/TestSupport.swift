import Foundation
import Testing
import Understudy
import UnderstudyOpenAPI

/// The folder of this target's fixtures.
let fixturesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The petstore-like OpenAPI 3.0 document (YAML).
func petstore() throws -> OpenAPIDocument {
    try OpenAPIDocument(contentsOf: fixturesFolder.appendingPathComponent("petstore-3.0.yaml"))
}

/// The zoo OpenAPI 3.1 document (JSON): oneOf with a discriminator, nullable types, a 4XX range.
func zoo() throws -> OpenAPIDocument {
    try OpenAPIDocument(contentsOf: fixturesFolder.appendingPathComponent("zoo-3.1.json"))
}

/// A request as a transport would record it.
func request(_ method: HTTPMethod, _ url: String, headers: HTTPHeaders = [:], body: String = "") -> RecordedRequest {
    RecordedRequest(method: method, url: url, headers: headers, body: Data(body.utf8))
}

extension HTTPMock {
    /// Serves a request in process and returns status, headers and body text.
    func answer(_ request: RecordedRequest) throws -> (status: Int, headers: HTTPHeaders, body: String) {
        let event = serve(request)
        return (event.response.status, event.response.headers, String(decoding: try bodyData(for: event.response), as: UTF8.self))
    }
}
