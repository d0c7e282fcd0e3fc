import Foundation
import Testing
import Understudy
@testable import UnderstudyOpenAPI

struct ZZTimingTests {
    @Test func timing() throws {
        let clock = ContinuousClock()
        let data = try Data(contentsOf: URL(fileURLWithPath: "/tmp/oasbig/w/spec.json"))
        var start = clock.now
        let (written, locations) = try OpenAPISourceReader.read(data, source: "x")
        print("TIMING read", clock.now - start); start = clock.now
        let json = try OpenAPIKitBridge.normalize(written, version: "3.1.0", source: "x", locations: locations)
        print("TIMING openapikit", clock.now - start); start = clock.now
        var warnings: [String] = []
        let operations = try OpenAPIOperationReader(root: json, source: "x", locations: locations).read(warnings: &warnings)
        print("TIMING operations", clock.now - start, operations.count); start = clock.now
        let document = try OpenAPIDocument(data: data, source: "x")
        print("TIMING whole", clock.now - start); start = clock.now
        let mock = HTTPMock(openAPI: document)
        print("TIMING stubs", clock.now - start); start = clock.now
        _ = mock.serve(RecordedRequest(method: .get, url: "/things1107/7"))
        print("TIMING first", clock.now - start)
    }
}
