import Foundation
import Testing
import Understudy
@testable import UnderstudyServer

@Suite("Admin API: requests and near misses")
struct AdminRequestsTests {
    /// A mock with one stub, one matched and one unmatched request.
    static func journaled() -> AdminHarness {
        let admin = AdminHarness()
        admin.mock.stub(.get(urlPath: "/users/42"), .ok.json(["id": 42]), name: "Get user")
        _ = admin.mock.serve(recorded(.get, "/users/42?verbose=true&tag=a&tag=b",
                                      headers: ["Host": "localhost:8080", "Accept": "application/json", "Cookie": "session=abc"],
                                      timestamp: Date(timeIntervalSince1970: 1_700_000_000.123)))
        _ = admin.mock.serve(recorded(.get, "/users/43", headers: ["Host": "localhost:8080"],
                                      timestamp: Date(timeIntervalSince1970: 1_700_000_001)))
        return admin
    }

    @Test func aLoggedRequestHasWireMocksShape() {
        let request = recorded(.post, "/users?tag=a&tag=b",
                               headers: ["Host": "localhost:8080", "X-Multi": "1", "X-Multi": "2", "Cookie": "a=1; b=2"],
                               body: "hello", timestamp: Date(timeIntervalSince1970: 0))
        #expect(request.loggedRequestJSON == .parse("""
        {"id": "\(request.id.uuidString.lowercased())", "url": "/users?tag=a&tag=b",
         "absoluteUrl": "http://localhost:8080/users?tag=a&tag=b", "method": "POST", "clientIp": "127.0.0.1",
         "headers": {"Host": "localhost:8080", "X-Multi": ["1", "2"], "Cookie": "a=1; b=2"},
         "cookies": {"a": "1", "b": "2"}, "browserProxyRequest": false, "loggedDate": 0,
         "loggedDateString": "1970-01-01T00:00:00Z", "bodyAsBase64": "aGVsbG8=", "body": "hello",
         "protocol": "HTTP/1.1", "scheme": "http", "host": "localhost", "port": 8080,
         "queryParams": {"tag": {"key": "tag", "values": ["a", "b"]}}, "formParams": {}}
        """))
    }

    /// WireMock logs the protocol Jetty reports, `HTTP/2.0` for an HTTP/2 stream (WireMock 3.13.2
    /// `verification/LoggedRequest.java`: `protocol` from `request.getProtocol()`); a request
    /// made in process logs HTTP/1.1.
    @Test func aLoggedRequestCarriesItsProtocolVersion() {
        var request = recorded(.get, "/users", headers: ["Host": "localhost:8080"])
        #expect(request.loggedRequestJSON["protocol"] == "HTTP/1.1")
        request.protocolVersion = "HTTP/2.0"
        #expect(request.loggedRequestJSON["protocol"] == "HTTP/2.0")
    }

    @Test func loggedDateStringKeepsMilliseconds() {
        #expect(RecordedRequest.isoString(Date(timeIntervalSince1970: 1_700_000_000.123)) == "2023-11-14T22:13:20.123Z")
    }

    @Test func listIsNewestFirstWithMeta() {
        let admin = Self.journaled()
        let response = admin.call(.get, "/requests")
        #expect(response.status == 200)
        let body = response.bodyJSON
        #expect(body["meta"] == ["total": 2])
        #expect(body["requestJournalDisabled"] == false)
        let events = body["requests"]?.arrayValue ?? []
        #expect(events.compactMap { $0["request"]?["url"]?.stringValue } == ["/users/43", "/users/42?verbose=true&tag=a&tag=b"])
        #expect(events.map { $0["wasMatched"] } == [false, true])
        #expect(events.first?.objectValue?.keys == ["id", "request", "responseDefinition", "response", "wasMatched"])
        #expect(events.last?.objectValue?.keys == ["id", "request", "stubMapping", "responseDefinition", "response", "wasMatched"])
        #expect(events.last?["stubMapping"]?["name"] == "Get user")
        #expect(events.last?["responseDefinition"] == .parse("""
        {"status": 200, "headers": {"Content-Type": "application/json"}, "jsonBody": {"id": 42}, "fromConfiguredStub": true}
        """))
        #expect(events.last?["response"] == .parse("""
        {"status": 200, "headers": {"Content-Type": "application/json"}, "body": "{\\"id\\":42}", "bodyAsBase64": "eyJpZCI6NDJ9"}
        """))
        #expect(events.last?["request"]?["queryParams"] == .parse("""
        {"verbose": {"key": "verbose", "values": ["true"]}, "tag": {"key": "tag", "values": ["a", "b"]}}
        """))
    }

    @Test(arguments: [
        ("?limit=1", ["/users/43"], 2),
        ("?unmatched=true", ["/users/43"], 1),
        ("?since=2023-11-14T22:13:20.500Z", ["/users/43"], 2),
        ("?limit=0", [], 2),
    ])
    func listFilters(query: String, urls: [String], total: Int) {
        let body = Self.journaled().call(.get, "/requests" + query).bodyJSON
        #expect(body["requests"]?.arrayValue?.compactMap { $0["request"]?["url"]?.stringValue } == urls)
        #expect(body["meta"] == ["total": .number(JSONNumber(total))])
    }

    @Test(arguments: ["?limit=x", "?since=yesterday", "?matchingStub=nope"])
    func badListParametersAre400(query: String) {
        #expect(Self.journaled().call(.get, "/requests" + query).status == 400)
    }

    @Test func getOneServeEventAndDeleteAll() {
        let admin = Self.journaled()
        let id = admin.mock.serveEvents[0].id.uuidString.lowercased()
        let event = admin.call(.get, "/requests/\(id)")
        #expect(event.status == 200)
        #expect(event.bodyJSON["id"] == .string(id))
        #expect(admin.call(.get, "/requests/\(UUID().uuidString)").status == 404)
        #expect(admin.call(.delete, "/requests").status == 200)
        #expect(admin.mock.serveEvents.isEmpty)
        _ = admin.mock.serve(recorded(.get, "/x"))
        #expect(admin.call(.post, "/requests/reset").status == 200)
        #expect(admin.mock.serveEvents.isEmpty)
    }

    @Test(arguments: [
        (#"{"method": "GET", "urlPathPattern": "/users/.*"}"#, 2),
        (#"{"method": "GET", "urlPath": "/users/42"}"#, 1),
        (#"{"method": "POST"}"#, 0),
        (#"{}"#, 2),
    ])
    func countAndFind(pattern: String, count: Int) {
        let admin = Self.journaled()
        #expect(admin.call(.post, "/requests/count", pattern).bodyJSON == ["count": .number(JSONNumber(count)), "requestJournalDisabled": false])
        let found = admin.call(.post, "/requests/find", pattern).bodyJSON
        #expect(found["requests"]?.arrayValue?.count == count)
        #expect(found["requestJournalDisabled"] == false)
    }

    @Test func deleteOneServeEventByID() {
        let admin = Self.journaled()
        let first = admin.mock.serveEvents[0]
        #expect(admin.call(.delete, "/requests/\(first.id.uuidString.lowercased())").status == 200)
        #expect(admin.mock.serveEvents.map(\.request.url) == ["/users/43"])
        // Unknown ids are not an error, as in WireMock.
        #expect(admin.call(.delete, "/requests/\(UUID().uuidString.lowercased())").status == 200)
        #expect(admin.mock.serveEvents.count == 1)
    }

    @Test func removeServeEventsByStubMetadata() {
        let admin = AdminHarness()
        var tagged = StubMapping(.get(urlPath: "/tagged"), .ok)
        tagged.metadata = ["team": "accounts"]
        admin.mock.stub(tagged)
        admin.mock.stub(.get(urlPath: "/plain"), .ok)
        _ = admin.mock.serve(recorded(.get, "/tagged"))
        _ = admin.mock.serve(recorded(.get, "/plain"))
        let response = admin.call(.post, "/requests/remove-by-metadata", #"{"matchesJsonPath": {"expression": "$.team", "equalTo": "accounts"}}"#)
        #expect(response.status == 200)
        #expect(response.bodyJSON["serveEvents"]?.arrayValue?.count == 1)
        #expect(admin.mock.serveEvents.map(\.request.url) == ["/plain"])
    }

    @Test func findIsOldestFirst() {
        let found = Self.journaled().call(.post, "/requests/find", "{}").bodyJSON
        #expect(found["requests"]?.arrayValue?.compactMap { $0["url"]?.stringValue } == ["/users/42?verbose=true&tag=a&tag=b", "/users/43"])
    }

    @Test func countWithTheJournalDisabled() {
        let admin = AdminHarness(HTTPMock(configuration: .init(journalCapacity: 0)))
        #expect(admin.call(.post, "/requests/count", "{}").bodyJSON == ["count": -1, "requestJournalDisabled": true])
    }

    @Test func removeByPatternReturnsTheRemovedEvents() {
        let admin = Self.journaled()
        let removed = admin.call(.post, "/requests/remove", #"{"urlPath": "/users/43"}"#).bodyJSON
        #expect(removed["serveEvents"]?.arrayValue?.compactMap { $0["request"]?["url"]?.stringValue } == ["/users/43"])
        #expect(admin.mock.serveEvents.map(\.request.path) == ["/users/42"])
    }

    @Test func unmatchedRequestsAndTheirNearMisses() {
        let admin = Self.journaled()
        let unmatched = admin.call(.get, "/requests/unmatched").bodyJSON
        #expect(unmatched["requests"]?.arrayValue?.compactMap { $0["url"]?.stringValue } == ["/users/43"])
        let nearMisses = admin.call(.get, "/requests/unmatched/near-misses").bodyJSON["nearMisses"]?.arrayValue ?? []
        #expect(nearMisses.count == 1)
        #expect(nearMisses.first?.objectValue?.keys == ["request", "stubMapping", "matchResult"])
        #expect(nearMisses.first?["request"]?["url"] == "/users/43")
        #expect(nearMisses.first?["stubMapping"]?["name"] == "Get user")
        let distance = nearMisses.first?["matchResult"]?["distance"]?.doubleValue ?? 0
        #expect(distance > 0 && distance < 1)
    }

    @Test func nearMissesForALoggedRequest() {
        let admin = AdminHarness()
        admin.mock.stub(.get(urlPath: "/users/42"), .ok, name: "Get user")
        let response = admin.call(.post, "/near-misses/request", #"{"url": "/users/4", "method": "GET", "headers": {"Accept": "text/plain"}}"#)
        #expect(response.status == 200)
        let first = response.bodyJSON["nearMisses"]?.arrayValue?.first
        #expect(first?["stubMapping"]?["name"] == "Get user")
        #expect(first?["request"]?["headers"] == ["Accept": "text/plain"])
    }

    @Test func nearMissesForARequestPattern() {
        let admin = Self.journaled()
        let response = admin.call(.post, "/near-misses/request-pattern", #"{"method": "GET", "urlPath": "/users/44"}"#)
        let nearMisses = response.bodyJSON["nearMisses"]?.arrayValue ?? []
        #expect(nearMisses.count == 2)
        #expect(nearMisses.first?.objectValue?.keys == ["request", "requestPattern", "matchResult"])
        #expect(nearMisses.first?["requestPattern"] == ["urlPath": "/users/44", "method": "GET"])
    }
}
