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

    @Test func writesAJournalThatReadsBackAsTheSameExchanges() throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/orders"), ResponseDefinition.created.json(["id": 7]), name: "Create order")
        mock.stub(.get(urlPath: "/boom"), .fault(.connectionResetByPeer))
        _ = mock.serve(RecordedRequest(method: .post, url: "http://shop.test/orders?dry=1", headers: ["Content-Type": "application/json"],
                                       body: Data(#"{"item": "book"}"#.utf8)))
        _ = mock.serve(RecordedRequest(method: .get, url: "http://shop.test/missing"))
        _ = mock.serve(RecordedRequest(method: .get, url: "http://shop.test/boom"))
        let document = HARArchive.document(of: mock.serveEvents) { try? mock.bodyData(for: $0) }
        let entries = try #require(document["log"]?["entries"]?.arrayValue)
        let order = try #require(mock.stubMappings.first { $0.name == "Create order" })
        #expect(entries.count == 3)
        #expect(entries[0]["comment"] == .string("answered by stub \(order.label)"))
        #expect(entries[1]["comment"] == "no stub matched")
        #expect(entries[2]["response"]?["status"] == 0)
        #expect(entries[2]["response"]?["_error"] == "CONNECTION_RESET_BY_PEER")
        // Read back as a browser's export is: the faulted entry (status 0) is skipped.
        let exchanges = try HARArchive.exchanges(from: document.jsonData())
        #expect(exchanges.count == 2)
        #expect(exchanges[0].request.url == "/orders?dry=1")
        #expect(exchanges[0].request.bodyText == #"{"item": "book"}"#)
        #expect(exchanges[0].response.status == 201)
        #expect(try JSONValue(parsing: exchanges[0].response.body) == ["id": 7])
        #expect(exchanges[1].response.status == 404)
    }
}
