import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing
import UnderstudyOpenAPI

/// The transport on its own: what it records, and how it carries out the mock's plan (the
/// same plan the direct transport carries out; see UnderstudyTransportTests).
struct HTTPMockClientTransportTests {
    let base = URL(string: "https://api.example.com/v1")!

    /// Sends a request with no scheme or authority, as generated clients do.
    func send(
        _ transport: HTTPMockClientTransport,
        _ path: String,
        method: HTTPRequest.Method = .get,
        fields: HTTPFields = [:],
        body: HTTPBody? = nil,
        baseURL: URL? = nil,
        operationID: String = "op"
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try await transport.send(HTTPRequest(method: method, scheme: nil, authority: nil, path: path, headerFields: fields),
                                 body: body, baseURL: baseURL ?? base, operationID: operationID)
    }

    @Test(arguments: [
        ("https://api.example.com/v1", "/pets?limit=2", "https://api.example.com/v1/pets?limit=2"),
        ("https://api.example.com/v1/", "/pets", "https://api.example.com/v1/pets"),
        ("https://api.example.com", "/pets", "https://api.example.com/pets"),
        ("http://localhost:8080/api?key=1#top", "/pets/%F0%9F%90%B6", "http://localhost:8080/api/pets/%F0%9F%90%B6"),
    ])
    func theURLIsTheBaseURLFollowedByThePath(_ baseURL: String, _ path: String, _ expected: String) async throws {
        let mock = HTTPMock()
        mock.stub(.anyRequest, .ok)
        _ = try await send(mock.clientTransport(), path, baseURL: URL(string: baseURL)!)
        #expect(mock.serveEvents.first?.request.absoluteURL == expected)
    }

    @Test func aRequestWithItsOwnAuthorityKeepsIt() async throws {
        let mock = HTTPMock()
        mock.stub(.anyRequest, .ok)
        let request = HTTPRequest(method: .get, scheme: "http", authority: "other.example:81", path: "/x")
        _ = try await mock.clientTransport().send(request, body: nil, baseURL: base, operationID: "op")
        #expect(mock.serveEvents.first?.request.absoluteURL == "http://other.example:81/x")
    }

    @Test func theRequestIsRecordedWithItsOperationFieldsAndBody() async throws {
        let mock = HTTPMock()
        mock.stub(.anyRequest, .noContent)
        let parts = AsyncStream<ArraySlice<UInt8>> { continuation in
            continuation.yield(ArraySlice(#"{"name":"#.utf8))
            continuation.yield(ArraySlice(#""Rex"}"#.utf8))
            continuation.finish()
        }
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields.append(HTTPField(name: HTTPField.Name("X-Trace")!, value: "a"))
        fields.append(HTTPField(name: HTTPField.Name("X-Trace")!, value: "b"))
        _ = try await send(mock.clientTransport(), "/pets", method: .post, fields: fields, body: HTTPBody(parts, length: .unknown), operationID: "addPet")
        let request = try #require(mock.serveEvents.first?.request)
        #expect(request.operationId == "addPet")
        #expect(request.method == .post)
        #expect(request.bodyText == #"{"name":"Rex"}"#)
        #expect(request.headers.map(\.name) == ["Content-Type", "X-Trace", "X-Trace"])
        #expect(request.headers.values(for: "X-Trace") == ["a", "b"])
        #expect(request.clientAddress == "in-process")
    }

    @Test func theHeadKeepsEveryFieldTheStatusAndTheReason() async throws {
        let mock = HTTPMock()
        let stub = mock.stub(.anyRequest, .status(418, message: "Short and stout").header("Set-Cookie", "a=1").header("Set-Cookie", "b=2").body("tea"))
        let (response, body) = try await send(mock.clientTransport(), "/teapot")
        #expect(response.status.code == 418)
        #expect(response.status.reasonPhrase == "Short and stout")
        #expect(response.headerFields[fields: .setCookie].map(\.value) == ["a=1", "b=2"])
        #expect(response.headerFields[HTTPField.Name("Matched-Stub-Id")!] == stub.id.uuidString.lowercased())
        #expect(body?.length == .known(3))
        #expect(try await String(collecting: try #require(body), upTo: 100) == "tea")
    }

    @Test func theStubsDelayIsWaitedBeforeTheHead() async throws {
        let mock = HTTPMock()
        mock.stub(.anyRequest, .ok.delayed(by: .milliseconds(200)))
        let clock = ContinuousClock()
        let start = clock.now
        _ = try await send(mock.clientTransport(), "/slow")
        #expect(clock.now - start >= .milliseconds(200))
    }

    @Test(arguments: [(Fault.connectionResetByPeer, URLError.Code.networkConnectionLost), (.emptyResponse, .badServerResponse)])
    func aFaultIsThrownAsTheURLErrorASessionWouldThrow(_ fault: Fault, _ code: URLError.Code) async throws {
        let mock = HTTPMock()
        mock.stub(.anyRequest, .fault(fault))
        await #expect {
            try await send(mock.clientTransport(), "/broken")
        } throws: { error in
            (error as? URLError)?.code == code
        }
        #expect(mock.serveEvents.count == 1)
    }

    /// swift-http-types traps on a status outside 0...999; the transport throws instead.
    @Test(arguments: [1_000, -1])
    func aStatusNoHTTPResponseCanCarryIsThrownNotTrapped(_ status: Int) async throws {
        let mock = HTTPMock()
        mock.stub(.anyRequest, .status(status))
        await #expect {
            try await send(mock.clientTransport(), "/odd")
        } throws: { error in
            guard let error = error as? URLError, error.code == .badServerResponse else { return false }
            return error.localizedDescription.contains("has status \(status), which an HTTP response cannot carry")
                && error.localizedDescription.contains("(stub ")
        }
    }

    /// The body is a sequence read part by part: the first part arrives although the second
    /// is an hour away (a transport that collected the body first would never return).
    @Test(.timeLimit(.minutes(1)))
    func aStreamArrivesPartByPart() async throws {
        let mock = HTTPMock()
        mock.stub(.anyRequest, .ok.chunks([.text("first"), .text("an hour later", after: .seconds(3_600))]))
        let (_, body) = try await send(mock.clientTransport(), "/stream")
        let stream = try #require(body)
        #expect(stream.length == .unknown)
        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next().map { String(decoding: $0, as: UTF8.self) } == "first")
    }

    @Test func aStreamCutByAFaultThrowsFromTheBodyAfterItsParts() async throws {
        let mock = HTTPMock()
        mock.stub(.anyRequest, .ok.chunks([.text("a"), .text("b")], then: .fault(.connectionResetByPeer)))
        let (response, body) = try await send(mock.clientTransport(), "/cut")
        #expect(response.status == .ok)
        var received: [String] = []
        await #expect {
            for try await part in try #require(body) { received.append(String(decoding: part, as: UTF8.self)) }
        } throws: { error in
            (error as? URLError)?.code == .networkConnectionLost
        }
        #expect(received == ["a", "b"])
    }

    @Test func aDribbledBodyArrivesWholeWithItsLength() async throws {
        let mock = HTTPMock()
        mock.stub(.anyRequest, .ok.body("0123456789").dribbled(chunks: 5, over: .milliseconds(50)))
        let (_, body) = try await send(mock.clientTransport(), "/dribble")
        let unwrapped = try #require(body)
        #expect(unwrapped.length == .known(10))
        #expect(try await String(collecting: unwrapped, upTo: 100) == "0123456789")
    }

    @Test func webhooksFireOnceTheResponseIsOver() async throws {
        let receiver = HTTPMock()
        receiver.stub(.post(urlPath: "/hook"), .ok)
        let mock = HTTPMock(configuration: .init(webhookSender: receiver))
        mock.stub(StubMapping(.operation("addPet"), .created).withWebhook(.post("http://hooks.invalid/hook").body("added")))
        _ = try await send(mock.clientTransport(), "/pets", method: .post, operationID: "addPet")
        try await receiver.waitForRequests(matching: .post(urlPath: "/hook"), timeout: .seconds(60))
        #expect(receiver.serveEvents.map(\.request.bodyText) == ["added"])
    }

    @Test func anUnmatchedRequestThrowsUnlessOnUnmatchedAnswersIt() async throws {
        let mock = HTTPMock()
        mock.stub(.operation("listPets"), .ok)
        await #expect {
            try await send(mock.clientTransport(), "/pets", operationID: "getPetById")
        } throws: { error in
            (error as? UnmatchedRequestError)?.report.text.hasPrefix("No stub matched GET /v1/pets (operation getPetById)") == true
        }
        mock.onUnmatched { request in .status(501).body("no stub for \(request.operationId ?? "?")") }
        let (response, body) = try await send(mock.clientTransport(), "/pets", operationID: "getPetById")
        #expect(response.status.code == 501)
        #expect(try await String(collecting: try #require(body), upTo: 100) == "no stub for getPetById")
    }
}
