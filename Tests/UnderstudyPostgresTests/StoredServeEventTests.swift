import Foundation
import Testing
import Understudy
import UnderstudyJSON
import UnderstudyPostgres
import UnderstudySupport

/// The shared journal's entries are written by hand (``StoredServeEvent/jsonText``, on every
/// request's path) and read by `JSONDecoder`: whatever a request holds must come back as it was.
@Suite struct StoredServeEventTests {
    private func decoded(_ stored: StoredServeEvent) throws -> StoredServeEvent {
        try JSONDecoder().decode(StoredServeEvent.self, from: Data(stored.jsonText.utf8))
    }

    @Test func everyFieldComesBackAsItWas() throws {
        var request = RecordedRequest(
            method: .post, url: "/orders/ü?q=a%20b&x=\"1\"",
            headers: HTTPHeaders([("Content-Type", "application/json"), ("X-Odd", "quote \" back\\slash\nnew\ttab\u{01}\u{7F} 🎭"),
                                  ("X-Empty", "")]),
            body: Data((0...255).map { UInt8($0) }), clientAddress: "127.0.0.1:5000",
            timestamp: Date(timeIntervalSince1970: 1_764_770_000.123456), operationId: "createOrder", protocolVersion: "HTTP/2.0")
        request.scheme = "https"
        request.host = "api.example.com"
        request.port = 8443
        let stub = StubMapping(name: "the \"orders\" stub", .post(urlPath: "/orders/ü"), .ok)
        let computed = ResponseDefinition(status: 201, headers: HTTPHeaders([("Location", "/orders/1")]),
                                          body: .json(["id": 1, "note": "tab\t", "nested": [true, nil, 1.5]]))
        let event = ServeEvent(request: request, stub: stub, response: computed)
            .proxied(computed, timeline: BodyTimeline(pieces: [.init(byteCount: 10, arrival: .milliseconds(3)), .init(byteCount: 7, arrival: .seconds(2))]))
            .delivered(StreamDelivery(partsDelivered: 2, parts: 5, clientLeftEarly: true))
        let stored = StoredServeEvent(event)

        #expect(try decoded(stored) == stored)
        let text = try JSONValue(parsing: stored.jsonText)
        #expect(text["request"]?["timestamp"] == .number(JSONNumber(text: "1764770000.123456")))
        #expect(text["wasProxied"] == .bool(true))
    }

    @Test func absentFieldsAreLeftOut() throws {
        let stored = StoredServeEvent(ServeEvent(request: RecordedRequest(method: .get, url: "/plain"), stub: nil,
                                                 response: ResponseDefinition(status: 404)))
        #expect(try decoded(stored) == stored)
        let text = try JSONValue(parsing: stored.jsonText)
        for key in ["query", "operationId", "protocolVersion"] { #expect(text["request"]?[key] == nil, "\(key)") }
        for key in ["stubID", "stubName", "delivery", "timeline"] { #expect(text[key] == nil, "\(key)") }
        #expect(text["request"]?["body"] == .string(""))
    }

    /// Seeded: strings of every kind of scalar (controls, quotes, surrogate-pair emoji) and
    /// timestamps of every magnitude.
    @Test func randomRequestsComeBackAsTheyWere() throws {
        var generator = SplitMix64(seed: 0x5EED_51)
        let scalars: [ClosedRange<UInt32>] = [0x00...0x1F, 0x20...0x7E, 0x7F...0x7FF, 0x800...0xD7FF, 0x1F300...0x1F6FF]
        func text() -> String {
            var string = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                let range = scalars.randomElement(using: &generator)!
                string.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: range, using: &generator))!)
            }
            return string
        }
        for _ in 0..<200 {
            let timestamp = [Double.random(in: 0...1, using: &generator) * 1e-6, Double.random(in: 1e9...2e9, using: &generator),
                             Double(Int.random(in: 0...2_000_000_000, using: &generator)), 1e17].randomElement(using: &generator)!
            let headers = (0..<Int.random(in: 0...4, using: &generator)).map { _ in (text(), text()) }
            var request = RecordedRequest(method: HTTPMethod(rawValue: text()), url: "/x", headers: HTTPHeaders(headers),
                                          body: Data((0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }),
                                          clientAddress: text(), timestamp: Date(timeIntervalSince1970: timestamp),
                                          operationId: Bool.random(using: &generator) ? text() : nil)
            request.path = text()
            request.rawQuery = Bool.random(using: &generator) ? text() : nil
            let stub = Bool.random(using: &generator) ? StubMapping(name: text(), .anyRequest, .ok) : nil
            let stored = StoredServeEvent(ServeEvent(request: request, stub: stub, response: ResponseDefinition(status: 200, body: .text(text()))))
            #expect(try decoded(stored) == stored, "\(stored.jsonText)")
        }
    }
}
