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

/// A network profile paces the core's one plan, so every transport answers as if over the
/// same network. Lower bounds only: a loaded machine may always be slower.
struct NetworkProfileTransportTests {
    @Test(arguments: Transport.allCases)
    func aBodyOver3GTakesAtLeastItsBandwidthTime(_ transport: Transport) async throws {
        let mock = HTTPMock()
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        mock.stub(.get(urlPath: "/photo"), .ok.body(bytes).networkProfile(.threeG))
        try await transport.withClient(for: mock) { client, base in
            var received = Data()
            let elapsed = try await ContinuousClock().measure {
                received = try await client.data(for: URLRequest(url: base.appendingPathComponent("photo"))).0
            }
            #expect(received == bytes)
            // 200 000 bytes at 780 kbit/s is 2.05 s, after 100 ms each way.
            #expect(elapsed >= .seconds(2))
        }
    }

    @Test(arguments: Transport.allCases)
    func theFirstByteArrivesAfterTheDelay(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.networkProfile = NetworkProfile(downlink: .init(delay: .milliseconds(200)), uplink: .init(delay: .milliseconds(100)))
        mock.stub(.get(urlPath: "/events"), .ok.eventStream([.data("one"), .data("two", after: .milliseconds(100))]))
        try await transport.withClient(for: mock) { client, base in
            let clock = ContinuousClock()
            let start = clock.now
            let (body, _) = try await client.stream(for: URLRequest(url: base.appendingPathComponent("events")))
            var firstByte: Duration?
            var text = ""
            for try await chunk in body {
                if firstByte == nil { firstByte = start.duration(to: clock.now) }
                text += String(decoding: chunk, as: UTF8.self)
            }
            #expect(text == "data: one\n\ndata: two\n\n")
            #expect(try #require(firstByte) >= .milliseconds(300))
            #expect(start.duration(to: clock.now) >= .milliseconds(400))
        }
    }

    @Test(arguments: Transport.allCases)
    func aStubsOwnProfileWinsOverTheMocks(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.networkProfile = NetworkProfile(downlink: .init(delay: .milliseconds(50)))
        mock.stub(.get(urlPath: "/slow"), .ok.body("slow").networkProfile(NetworkProfile(downlink: .init(delay: .milliseconds(400)))))
        try await transport.withClient(for: mock) { client, base in
            var body = ""
            let elapsed = try await ContinuousClock().measure { body = try await get(client, base.appendingPathComponent("slow")).1 }
            #expect(body == "slow")
            #expect(elapsed >= .milliseconds(800))
        }
    }

    @Test(arguments: Transport.allCases)
    func theUploadCrossesTheUplinkFirst(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.post(urlPath: "/upload"), .created.networkProfile(NetworkProfile(uplink: .init(kilobitsPerSecond: 20))))
        try await transport.withClient(for: mock) { client, base in
            var request = URLRequest(url: base.appendingPathComponent("upload"))
            request.httpMethod = "POST"
            request.httpBody = Data(repeating: 0x61, count: 2_500)
            var status = 0
            let elapsed = try await ContinuousClock().measure {
                status = (try await client.data(for: request).1 as? HTTPURLResponse)?.statusCode ?? -1
            }
            #expect(status == 201)
            // 2 500 bytes at 20 kbit/s: 1 s.
            #expect(elapsed >= .seconds(1))
        }
    }

    @Test(arguments: Transport.allCases)
    func aResetAfterSomeBytesFailsTheRequest(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/cut"), .ok.body(String(repeating: "x", count: 10_000))
            .networkProfile(NetworkProfile(cut: .reset(afterBytes: 1_000))))
        try await transport.withClient(for: mock) { client, base in
            let (body, _) = try await client.stream(for: URLRequest(url: base.appendingPathComponent("cut")))
            var received = 0
            await #expect(throws: URLError.self) {
                for try await chunk in body { received += chunk.count }
            }
            // A reset may drop bytes still in flight; never more than the cut lets through.
            #expect(received <= 1_000)
            if transport == .direct { #expect(received == 1_000) }
        }
    }

    @Test(arguments: Transport.allCases)
    func aStallHoldsTheRestBackUntilItsLimit(_ transport: Transport) async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/stall"), .ok.body(String(repeating: "y", count: 5_000))
            .networkProfile(NetworkProfile(cut: .stall(afterBytes: 100), stallLimit: .milliseconds(500))))
        try await transport.withClient(for: mock) { client, base in
            let elapsed = await ContinuousClock().measure {
                await #expect(throws: URLError.self) {
                    _ = try await client.data(for: URLRequest(url: base.appendingPathComponent("stall")))
                }
            }
            #expect(elapsed >= .milliseconds(500))
        }
    }
}
