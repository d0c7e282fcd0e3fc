import Foundation
@testable import Understudy

/// The request the templating tables render against.
let templatedRequest = RecordedRequest(
    id: fixedID(42), method: .post, url: "http://localhost:8080/things/abc/def?search=WireMock&multi=1&multi=2",
    headers: ["Content-Type": "application/json", "X-Multi": "a", "X-Multi": "b", "Cookie": "session=s1; theme=dark"],
    body: Data(#"{"name":"Ada","items":[{"id":1,"price":2.5},{"id":2,"price":4}],"nested":{"flag":true}}"#.utf8),
    clientAddress: "127.0.0.1:50000")

/// Serves `request` from a mock whose only stub answers with `template` as a templated body,
/// and returns the body text (and the status, for error cases).
func renderTemplate(
    _ template: String, request: RecordedRequest = templatedRequest, seed: UInt64? = 7, name: String = "T"
) -> (status: Int, body: String) {
    let mock = HTTPMock(configuration: .init(templateRandomSeed: seed))
    mock.stub(.anyRequest, .ok.body(template).templated(), name: name)
    let response = mock.serve(request).response
    return (response.status, String(decoding: response.body.inlineData ?? Data(), as: UTF8.self))
}
