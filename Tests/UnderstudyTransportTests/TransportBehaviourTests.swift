import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess
import UnderstudyTesting
import UnderstudyServer
import UnderstudyURLSession
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One behaviour suite, three transports.
struct TransportBehaviourTests {
    @Test(arguments: Transport.allCases)
    func matchesHeadersAndAnswers(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/users/42").header("Accept", .contains("json")), .ok.json(["id": 42]).header("X-Trace", "t1"))
        try await transport.withClient(for: mock) { client, base in
            var request = URLRequest(url: base.appendingPathComponent("users/42"))
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, response) = try await client.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(http.value(forHTTPHeaderField: "X-Trace") == "t1")
            #expect(http.value(forHTTPHeaderField: "Matched-Stub-Id") != nil)
            #expect(String(decoding: data, as: UTF8.self) == #"{"id":42}"#)
        }
        try mock.verify(.exactly(1), .get(urlPath: "/users/42"))
    }

    @Test(arguments: Transport.allCases)
    func readsBodiesFromHTTPBodyAndStreams(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/orders").body(.equalToJson(["sku": "A", "qty": 2])), .created)
        try await transport.withClient(for: mock) { client, base in
            var request = URLRequest(url: base.appendingPathComponent("orders"))
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"qty": 2, "sku": "A"}"#.utf8)
            let plain = try await client.data(for: request).1 as? HTTPURLResponse
            #expect(plain?.statusCode == 201)
            if transport != .server { // a stream body over a real socket needs a Content-Length the stream cannot give
                var streamed = URLRequest(url: base.appendingPathComponent("orders"))
                streamed.httpMethod = "POST"
                streamed.httpBodyStream = InputStream(data: Data(#"{"sku":"A","qty":2}"#.utf8))
                let fromStream = try await client.data(for: streamed).1 as? HTTPURLResponse
                #expect(fromStream?.statusCode == 201)
            }
        }
    }

    @Test(arguments: Transport.allCases)
    func unmatchedRequestsExplainThemselves(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/users/42"), .ok)
        try await transport.withClient(for: mock) { client, base in
            do {
                let (status, body) = try await get(client, base.appendingPathComponent("users/43"))
                // Only the server answers; it says why with a 404.
                #expect(transport == .server)
                #expect(status == 404)
                #expect(body.contains(#"✗ urlPath: expected "/users/42", got "/users/43""#))
            } catch {
                #expect(transport != .server)
                // What a test failure prints carries the report: the direct transport's
                // UnmatchedRequestError, and URLSession's URLError (code -1100, fileDoesNotExist).
                #expect("\(error)".contains(#"✗ urlPath: expected "/users/42", got "/users/43""#), "\(error)")
                #expect(transport == .direct ? error is UnmatchedRequestError : (error as? URLError)?.code == .fileDoesNotExist)
            }
        }
        #expect(mock.unmatchedRequests.count == 1)
    }

    @Test(arguments: Transport.allCases)
    func delaysAreHonoured(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/slow"), .ok.body("late").delayed(by: .milliseconds(200)))
        try await transport.withClient(for: mock) { client, base in
            let clock = ContinuousClock()
            var body = ""
            let elapsed = try await clock.measure { body = try await get(client, base.appendingPathComponent("slow")).1 }
            #expect(body == "late")
            #expect(elapsed >= .milliseconds(200))
        }
    }

    @Test(arguments: Transport.allCases, Fault.allCases)
    func faultsSurfaceAsURLErrors(_ transport: Transport, _ fault: Fault) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/fault"), .fault(fault))
        try await transport.withClient(for: mock) { client, base in
            do {
                _ = try await get(client, base.appendingPathComponent("fault"))
                Issue.record("expected \(fault) to fail the request")
            } catch let error as URLError {
                if transport != .server { #expect(error.code == fault.urlErrorCode) }
            }
        }
    }

    /// The delay is an hour: a cancellation that did not end the wait would hang the test
    /// until its time limit, and a wait that ended by itself would return a response.
    @Test(.timeLimit(.minutes(1)))
    func directDelaysAreCancellable() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/forever"), .ok.delayed(by: .seconds(3_600)))
        let request = Task { try await get(mock, URL(string: "http://api.example.com/forever")!) }
        try await mock.waitForRequests(matching: .get(urlPath: "/forever"))
        request.cancel()
        await #expect(throws: CancellationError.self) { _ = try await request.value }
    }

    @Test func twoHundredParallelTestsNeverSeeEachOther() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let mock = HTTPMock()
                    mock.stub(.get(urlPath: "/who"), .ok.body("mock \(index)"))
                    let session = mock.urlSession()
                    defer { session.finishTasksAndInvalidate() }
                    for _ in 0..<3 {
                        let body = try await get(session, URL(string: "http://api.example.com/who")!).1
                        #expect(body == "mock \(index)")
                    }
                    #expect(mock.serveEvents.count == 3)
                    #expect(mock.unmatchedRequests.isEmpty)
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func completionHandlerTasksWork() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/cb"), .ok.body("called back"))
        let session = mock.urlSession()
        defer { session.finishTasksAndInvalidate() }
        let body: String = try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: URL(string: "http://api.example.com/cb")!) { data, _, error in
                if let error { continuation.resume(throwing: error) } else {
                    continuation.resume(returning: String(decoding: data ?? Data(), as: UTF8.self))
                }
            }.resume()
        }
        #expect(body == "called back")
    }

    #if canImport(FoundationNetworking)
    @Test func hiddenUploadBodiesFailWithAPointerToTheServer() async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/upload"), .ok)
        let session = mock.urlSession()
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: URL(string: "http://api.example.com/upload")!)
        request.httpMethod = "POST"
        do {
            _ = try await session.upload(for: request, from: Data("payload".utf8))
            Issue.record("expected the upload to fail on Linux")
        } catch {
            #expect(error.localizedDescription.contains("loopback server"), "\(error)")
        }
    }
    #endif
}

struct URLSessionIsolationTests {
    @Test func aSessionOutlivingItsMockNeverReachesAnotherMock() async throws {
        var first: HTTPMock? = HTTPMock()
        first?.stub(.get(urlPath: "/who"), .ok.body("first"))
        let stale = first!.urlSession()
        defer { stale.finishTasksAndInvalidate() }
        first = nil
        let second = HTTPMock()
        second.stub(.get(urlPath: "/who"), .ok.body("second"))
        let fresh = second.urlSession()
        defer { fresh.finishTasksAndInvalidate() }
        await #expect { _ = try await get(stale, URL(string: "http://api.example.com/who")!) } throws: { ($0 as? URLError)?.code == .cancelled && "\($0)".contains("no longer exists") }
        #expect(try await get(fresh, URL(string: "http://api.example.com/who")!).1 == "second")
        #expect(second.serveEvents.count == 1)
    }
}

struct URLSessionCancellationTests {
    @Test func cancellingADelayedRequestNeitherCrashesNorHangs() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/slow"), .ok.delayed(by: .seconds(20)))
        let session = mock.urlSession()
        defer { session.finishTasksAndInvalidate() }
        for attempt in 0..<20 {
            let request = Task { try await get(session, URL(string: "http://api.example.com/slow")!) }
            try await mock.waitForRequests(matching: .get(urlPath: "/slow"), count: attempt + 1)
            request.cancel()
            await #expect { _ = try await request.value } throws: { ($0 as? URLError)?.code == .cancelled }
        }
    }
}

struct OnUnmatchedTransportTests {
    @Test(arguments: Transport.allCases)
    func onUnmatchedAnswersOverEveryTransport(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.onUnmatched { request in .status(418).body("no route for \(request.path)") }
        try await transport.withClient(for: mock) { client, base in
            let (status, body) = try await get(client, base.appendingPathComponent("teapot"))
            #expect(status == 418)
            #expect(body == "no route for /teapot")
        }
        #expect(mock.unmatchedRequests.count == 1)
    }
}
