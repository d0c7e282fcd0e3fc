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

/// Every transport carries out the core's one response plan: the same headers, delays and
/// timed bodies, whichever way the request arrived.
struct ResponsePlanTransportTests {
    @Test(arguments: Transport.allCases)
    func stubIdentityHeadersReachEveryClient(_ transport: Transport) async throws {
        let mock = HTTPMock()
        let stub = mock.stub(.get(urlPath: "/who"), .ok.body("me"), name: "Who am I")
        try await transport.withClient(for: mock) { client, base in
            let (_, response) = try await client.data(for: URLRequest(url: base.appendingPathComponent("who")))
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.value(forHTTPHeaderField: "Matched-Stub-Id") == stub.id.uuidString.lowercased())
            #expect(http.value(forHTTPHeaderField: "Matched-Stub-Name") == "Who am I")
            #expect(http.value(forHTTPHeaderField: "Content-Length") == "2")
        }
    }

    @Test(arguments: [Transport.direct, .urlSession])
    func repeatedHeaderFieldsAreJoinedInProcess(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/multi"), .ok.header("X-Tag", "a").header("x-tag", "b").header("X-Other", "c"))
        try await transport.withClient(for: mock) { client, base in
            let (_, response) = try await client.data(for: URLRequest(url: base.appendingPathComponent("multi")))
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.value(forHTTPHeaderField: "X-Tag") == "a, b")
            #expect(http.value(forHTTPHeaderField: "X-Other") == "c")
        }
    }

    @Test(arguments: Transport.allCases)
    func dribbledBodiesTakeTheirWholeDuration(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/drip"), .ok.body("0123456789").dribbled(chunks: 5, over: .milliseconds(250)))
        try await transport.withClient(for: mock) { client, base in
            var body = ""
            let elapsed = try await ContinuousClock().measure { body = try await get(client, base.appendingPathComponent("drip")).1 }
            #expect(body == "0123456789")
            #expect(elapsed >= .milliseconds(250))
        }
    }

    @Test(arguments: Transport.allCases)
    func globalDelaysAreWaitedByEveryTransport(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/late"), .ok.body("late"))
        mock.globalDelays = GlobalDelays(fixedDelayMilliseconds: 150)
        try await transport.withClient(for: mock) { client, base in
            var body = ""
            let elapsed = try await ContinuousClock().measure { body = try await get(client, base.appendingPathComponent("late")).1 }
            #expect(body == "late")
            #expect(elapsed >= .milliseconds(150))
        }
    }

    @Test func inProcessAnswersDeliverTimedPartsInOrder() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/drip"), .ok.body("abcdef").dribbled(chunks: 3, over: .milliseconds(60)))
        let answer = try await mock.answer(RecordedRequest(method: .get, url: "http://api.example.com/drip"))
        var parts: [String] = []
        try await answer.deliver { parts.append(String(decoding: $0, as: UTF8.self)) }
        #expect(parts == ["ab", "cd", "ef"])
        #expect(answer.response.statusCode == 200)
    }

    @Test func cancellingADribbleEndsItAtOnce() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/drip"), .ok.body("abc").dribbled(chunks: 3, over: .seconds(600)))
        let answer = try await mock.answer(RecordedRequest(method: .get, url: "http://api.example.com/drip"))
        let reading = Task { try await answer.collect() }
        reading.cancel()
        await #expect(throws: CancellationError.self) { try await reading.value }
    }
}
