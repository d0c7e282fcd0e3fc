public import Foundation
public import HTTPTypes
public import OpenAPIRuntime
public import Understudy
import UnderstudyInProcess

/// A swift-openapi-runtime `ClientTransport` answered by an `HTTPMock` in process, with no
/// socket: give it to any client swift-openapi-generator made. With `Client` the generated
/// client of a spec whose `getPetById` returns a pet:
///
/// ```swift
/// let mock = HTTPMock()
/// mock.stub(.operation("getPetById"), .ok.json(["id": 1, "name": "Rex"]))
/// let client = Client(serverURL: try Servers.Server1.url(), transport: mock.clientTransport())
/// let pet = try await client.getPetById(path: .init(petId: 1)).ok.body.json
/// try mock.verify(.exactly(1), .operation("getPetById"))
/// ```
///
/// Each request is recorded with the generated client's `operationID` as its
/// `RecordedRequest.operationId`, so stubs and verification can name the operation
/// (`RequestPattern.operation(_:)`) as well as its method and URL, and near-miss reports say
/// which operation missed.
///
/// The response is the mock's plan carried out as the direct transport carries it out: the
/// stub's delay is waited before the head returns; the body comes in the plan's timed parts
/// (a dribbled body or a stream arrives part by part through the returned `HTTPBody`); a
/// fault throws the `URLError` a real session would (`Fault.urlErrorCode`), before the head
/// or, for a stream that ends with one, from the body after its parts; proxy stubs forward
/// upstream; webhooks fire once the body has been delivered. A request no stub matches throws
/// `UnmatchedRequestError` with the near-miss report (unless the mock's `onUnmatched` answers
/// it); the generated client hands it over as the `underlyingError` of its `ClientError`.
///
/// The transport holds nothing but its mock, so tests running in parallel, each with its own
/// mock, never see each other's stubs.
public struct HTTPMockClientTransport: ClientTransport {
    /// The mock that answers every request.
    public let mock: HTTPMock

    /// A transport answered by `mock`.
    public init(_ mock: HTTPMock) {
        self.mock = mock
    }

    /// Records the request (the URL is `baseURL` followed by the request's path and query) under
    /// `operationID` and answers it from the mock's stubs.
    public func send(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var bodyData = Data()
        if let body { bodyData = try await Data(collecting: body, upTo: .max) }
        var recorded = RecordedRequest(request, baseURL: baseURL, body: bodyData, id: mock.makeRequestID())
        recorded.operationId = operationID
        let answer = try await mock.answer(recorded)
        // swift-http-types traps on a status outside 0...999; a stub may say anything.
        guard (0...999).contains(answer.head.status) else {
            let stub = answer.head.headers["Matched-Stub-Id"].map { " (stub \($0))" } ?? ""
            throw URLError(.badServerResponse, userInfo: [
                NSLocalizedDescriptionKey: "The answer to \(recorded)\(stub) has status \(answer.head.status), which an HTTP "
                    + "response cannot carry (a status has three digits); give the stub a status such as 200 or 404.",
            ])
        }
        return (HTTPResponse(answer.head), try await HTTPBody(answer))
    }
}

extension HTTPMock {
    /// A swift-openapi-runtime `ClientTransport` answered by this mock with no socket:
    /// `Client(serverURL: …, transport: mock.clientTransport())`. See ``HTTPMockClientTransport``.
    public func clientTransport() -> HTTPMockClientTransport {
        HTTPMockClientTransport(self)
    }
}
