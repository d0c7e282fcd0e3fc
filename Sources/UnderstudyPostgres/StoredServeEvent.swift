import Foundation
package import Understudy
import UnderstudyJSON
import UnderstudySupport

/// A journal entry as the shared journal keeps it: JSON that names the stub that answered by
/// id (the stub itself is in the store's stubs) and carries a computed response as WireMock
/// JSON. Dynamic stubs' prepared answers do not travel; they cannot be shared.
///
/// It is written on every request's path, so ``jsonText`` writes the bytes itself (a fifth of
/// an instance's CPU went to `JSONEncoder` here); it is read, off that path, with the decoder
/// its keys are declared for.
package struct StoredServeEvent: Decodable, Equatable, Sendable {
    struct Request: Decodable, Equatable {
        var id: UUID
        var method: String
        var scheme: String
        var host: String
        var port: Int
        var path: String
        var query: String?
        var headers: [[String]]
        var body: Data
        var clientAddress: String
        var timestamp: Double
        var operationId: String?
        var protocolVersion: String?
    }

    var request: Request
    var stubID: UUID?
    var stubName: String?
    /// WireMock JSON of the response when it is not the stub's own.
    var response: JSONValue?
    var wasProxied: Bool
    /// A stream's delivery: parts delivered, parts, whether the client left early.
    var delivery: StreamDelivery.Stored?
    /// Upstream's body pieces: byte count and arrival in nanoseconds.
    var timeline: [[Int64]]?

    /// The stored form of `event`.
    package init(_ event: ServeEvent) {
        let request = event.request
        self.request = Request(
            id: request.id, method: request.method.rawValue, scheme: request.scheme, host: request.host, port: request.port,
            path: request.path, query: request.rawQuery, headers: request.headers.map { [$0.name, $0.value] }, body: request.body,
            clientAddress: request.clientAddress, timestamp: request.timestamp.timeIntervalSince1970,
            operationId: request.operationId, protocolVersion: request.protocolVersion)
        stubID = event.stub?.id
        stubName = event.stub?.name
        response = event.computedResponse?.wireMockJSON
        wasProxied = event.wasProxied
        delivery = event.streamDelivery.map { StreamDelivery.Stored(partsDelivered: $0.partsDelivered, parts: $0.parts, clientLeftEarly: $0.clientLeftEarly) }
        timeline = event.upstreamBodyTimeline.map { timeline in
            timeline.pieces.map { [Int64($0.byteCount), Int64($0.arrival.components.seconds) * 1_000_000_000 + $0.arrival.components.attoseconds / 1_000_000_000] }
        }
    }

    /// The journal entry, with the stub `registry` holds under its id (or, for a stub removed
    /// since, one that keeps its id and name and answers with the recorded response); the
    /// recorded response is read with the answer kinds in `extensions`.
    package func event(in registry: StubRegistry, journalSequence: Int?, extensions: MappingExtensions) throws -> ServeEvent {
        var recorded = RecordedRequest(id: request.id, method: HTTPMethod(rawValue: request.method), url: request.path,
                                       headers: HTTPHeaders(request.headers.map { ($0.first ?? "", $0.dropFirst().first ?? "") }),
                                       body: request.body, clientAddress: request.clientAddress,
                                       timestamp: Date(timeIntervalSince1970: request.timestamp), operationId: request.operationId)
        recorded.scheme = request.scheme
        recorded.host = request.host
        recorded.port = request.port
        recorded.path = request.path
        recorded.rawQuery = request.query
        recorded.protocolVersion = request.protocolVersion
        let computed = try response.map { try ResponseDefinition(wireMock: JSONReader($0, source: JSONReader.Source(extensions: extensions))) }
        let entry: StubRegistry.Entry? = stubID.map { id in
            registry.entry(id: id) ?? StubRegistry.Entry(
                mapping: StubMapping(id: id, name: stubName, .anyRequest, computed ?? ResponseDefinition(status: 200)), sequence: -1)
        }
        var event = ServeEvent(request: recorded, entry: entry, response: computed, journalSequence: journalSequence)
        if wasProxied, let computed {
            event = event.proxied(computed, timeline: timeline.map { pieces in
                BodyTimeline(pieces: pieces.map { BodyTimeline.Piece(byteCount: Int($0.first ?? 0), arrival: .nanoseconds($0.dropFirst().first ?? 0)) })
            })
        }
        if let delivery {
            event = event.delivered(StreamDelivery(partsDelivered: delivery.partsDelivered, parts: delivery.parts, clientLeftEarly: delivery.clientLeftEarly))
        }
        return event
    }
}

extension StoredServeEvent {
    /// The entry as compact JSON, in the shape the decoder reads: keys as declared, `nil`s
    /// left out, UUIDs as their strings, the body in base64, numbers as Swift spells them.
    package var jsonText: String {
        var output: [UInt8] = []
        output.reserveCapacity(512 + request.body.count * 4 / 3)
        output.append(contentsOf: #"{"request":{"id":"#.utf8)
        appendQuoted(request.id.uuidString, to: &output)
        member("method", request.method, &output)
        member("scheme", request.scheme, &output)
        member("host", request.host, &output)
        member("port", json: String(request.port), &output)
        member("path", request.path, &output)
        if let query = request.query { member("query", query, &output) }
        output.append(contentsOf: #","headers":["#.utf8)
        for (index, pair) in request.headers.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "["))
            for (offset, part) in pair.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                appendQuoted(part, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        }
        output.append(UInt8(ascii: "]"))
        member("body", request.body.base64EncodedString(), &output)
        member("clientAddress", request.clientAddress, &output)
        member("timestamp", json: request.timestamp.isFinite ? "\(request.timestamp)" : "0", &output)
        if let operationId = request.operationId { member("operationId", operationId, &output) }
        if let protocolVersion = request.protocolVersion { member("protocolVersion", protocolVersion, &output) }
        output.append(UInt8(ascii: "}"))
        if let stubID { member("stubID", stubID.uuidString, &output) }
        if let stubName { member("stubName", stubName, &output) }
        if let response { member("response", json: response.jsonText(), &output) }
        member("wasProxied", json: wasProxied ? "true" : "false", &output)
        if let delivery {
            output.append(contentsOf: #","delivery":{"partsDelivered":"#.utf8)
            output.append(contentsOf: String(delivery.partsDelivered).utf8)
            member("parts", json: String(delivery.parts), &output)
            member("clientLeftEarly", json: delivery.clientLeftEarly ? "true" : "false", &output)
            output.append(UInt8(ascii: "}"))
        }
        if let timeline {
            let pieces = timeline.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }
            member("timeline", json: "[" + pieces.joined(separator: ",") + "]", &output)
        }
        output.append(UInt8(ascii: "}"))
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `,"key":` and `value` as a JSON string.
    private func member(_ key: StaticString, _ value: String, _ output: inout [UInt8]) {
        appendKey(key, &output)
        appendQuoted(value, to: &output)
    }

    /// Appends `,"key":` and `text`, JSON written already (a number, a literal, a value).
    private func member(_ key: StaticString, json text: String, _ output: inout [UInt8]) {
        appendKey(key, &output)
        output.append(contentsOf: text.utf8)
    }

    private func appendKey(_ key: StaticString, _ output: inout [UInt8]) {
        output.append(contentsOf: #",""#.utf8)
        key.withUTF8Buffer { output.append(contentsOf: $0) }
        output.append(contentsOf: #"":"#.utf8)
    }
}

extension StreamDelivery {
    /// The stored form of a delivery.
    struct Stored: Decodable, Equatable {
        var partsDelivered: Int
        var parts: Int
        var clientLeftEarly: Bool
    }
}
