import Foundation
import UnderstudyJSON

/// A journal entry as a store outside the process keeps it: JSON that names the stub that
/// answered by id (the stub itself is in the store's stubs) and carries a computed response as
/// WireMock JSON. Dynamic stubs' prepared answers do not travel; they cannot be shared.
package struct StoredServeEvent: Codable, Sendable {
    struct Request: Codable {
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

extension StreamDelivery {
    /// The stored form of a delivery.
    struct Stored: Codable {
        var partsDelivered: Int
        var parts: Int
        var clientLeftEarly: Bool
    }
}
