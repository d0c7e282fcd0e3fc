import Foundation
import Testing
@testable import Understudy
@testable import UnderstudyRecording

/// HAR exports as exchanges, and on to stubs.
struct HARArchiveTests {
    static let shop = fixturesFolder.appendingPathComponent("har/shop.har")

    @Test func readsABrowserExport() throws {
        let exchanges = try HARArchive.exchanges(from: Data(contentsOf: Self.shop))
        #expect(exchanges.count == 4, "the blocked request (status 0) is skipped")
        let products = exchanges[0]
        #expect(products.request.method == .get)
        #expect(products.request.path == "/api/products")
        #expect(products.request.host == "shop.example.com")
        #expect(products.request.headers.names == ["accept", "authorization"], "pseudo and hop-by-hop headers are dropped")
        #expect(products.response.headers.names == ["content-type", "set-cookie"], "the body is decoded, so encoding and length go")
        #expect(try JSONParser.parse(products.response.body) == ["products": [["id": 1, "name": "Kettle"]], "page": 1])
        #expect(exchanges[2].response.body == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(exchanges[3].request.bodyText == "sku=K%201&qty=2", "form params become a form body")
    }

    @Test func importedStubsAnswerLikeTheSiteAndKeepNoSecret() throws {
        let result = StubRecorder.record(try HARArchive.exchanges(from: Data(contentsOf: Self.shop)), spec: RecordSpec(extractBodyCriteria: nil))
        #expect(result.mappings.count == 4)
        let text = try result.mappings.map { try $0.wireMockJSON().jsonText() }.joined()
        for secret in ["har-secret-key", "har-secret-bearer", "har-secret-cookie", "har-secret-password", "har-secret-token"] {
            #expect(!text.contains(secret), "\(secret) leaked")
        }
        let mock = HTTPMock()
        mock.stub(result.mappings)
        let products = mock.serve(request(.get, "https://shop.example.com/api/products?page=1&api_key=mine"))
        #expect(products.response.status == 200)
        #expect(products.response.body == .json(["products": [["id": 1, "name": "Kettle"]], "page": 1]))
        #expect(mock.serve(request(.post, "/api/cart", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "sku=K%201&qty=2")).response.status == 201)
    }

    @Test(arguments: [
        ("{", "not valid JSON"),
        (#"{"entries": []}"#, #"this document has no "log""#),
        (#"{"log": {}}"#, #"a HAR log needs "entries""#),
        (#"{"log": {"entries": [{"request": {"method": "GET"}, "response": {"status": 200}}]}}"#, #"log.entries[0].request"#),
        (#"{"log": {"entries": [{"request": {"url": "/relative"}, "response": {"status": 200}}]}}"#, "is not an absolute URL"),
    ])
    func badFilesSayWhere(_ json: String, _ message: String) {
        do {
            _ = try HARArchive.exchanges(from: Data(json.utf8), file: "x.har")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
            #expect(error.description.hasPrefix("x.har"))
        }
    }
}
