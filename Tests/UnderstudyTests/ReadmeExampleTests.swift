import Foundation
import Testing
import Understudy

// The README's quick start, verbatim, so that it keeps compiling and stays true.
@Test func showsUser() throws {
    let mock = HTTPMock()                                   // owns its stubs, scenarios and journal
    mock.stub(.get(urlPath: "/users/42").header("Accept", .contains("json")),
              .ok.json(["id": 42, "name": "Ada"]))

    let event = mock.serve(RecordedRequest(method: .get, url: "/users/42",
                                           headers: ["Accept": "application/json"]))
    #expect(event.response.status == 200)

    try mock.verify(.exactly(1), .get(urlPath: "/users/42"))

    let miss = mock.serve(RecordedRequest(method: .get, url: "/users/43"))
    #expect(miss.response.status == 404)                    // body: the near-miss report below
}

/// The README's near-miss sample is the report for the quick start's miss (ids vary).
@Test func readmeNearMissSampleIsTrue() {
    let mock = HTTPMock()
    mock.stub(.get(urlPath: "/users/42").header("Accept", .contains("json")), .ok.json(["id": 42, "name": "Ada"]))
    let text = mock.nearMisses(for: RecordedRequest(method: .get, url: "/users/43")).text
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "No stub matched GET /users/43")
    #expect(lines[2].hasPrefix("Nearest stub 1 of 1: id ") && lines[2].hasSuffix(", distance 0.15"))
    #expect(Array(lines[3...5]) == [
        "  ✓ method: GET",
        #"  ✗ urlPath: expected "/users/42", got "/users/43""#,
        #"  ✗ header Accept: expected contains "json", got (absent)"#,
    ])
}

// The README's templating example, verbatim.
@Test func greetsByName() throws {
    let mock = HTTPMock(configuration: .init(templateRandomSeed: 42))   // seeded: random helpers repeat
    mock.stub(.get(urlPath: "/hello"), .ok.body("Hello {{request.query.name}}!").templated())
    let event = mock.serve(RecordedRequest(method: .get, url: "/hello?name=Ada"))
    #expect(event.response.body == .text("Hello Ada!"))
}

/// The README's templating JSON example renders as described.
@Test func theReadmeTemplatingMappingRenders() throws {
    let mapping = try WireMockMappings.decodeMapping(Data(#"""
        {"request": {"urlPathTemplate": "/users/{id}"},
         "response": {"status": 200, "transformers": ["response-template"],
                      "headers": {"Location": "/users/{{request.path.id}}"},
                      "jsonBody": {"id": "{{request.path.id}}", "name": "{{jsonPath request.body '$.name'}}",
                                   "token": "{{randomValue length=16 type='ALPHANUMERIC'}}", "at": "{{now offset='1 days'}}"}}}
        """#.utf8))
    let mock = HTTPMock()
    mock.stub(mapping)
    let response = mock.serve(RecordedRequest(method: .get, url: "/users/7", body: Data(#"{"name": "Ada"}"#.utf8))).response
    #expect(response.headers["Location"] == "/users/7")
    guard case .json(let body) = response.body else {
        Issue.record("expected a JSON body, got \(response.body)")
        return
    }
    #expect(body["id"] == "7")
    #expect(body["name"] == "Ada")
    #expect(body["token"]?.stringValue?.count == 16)
}
