import Foundation
import Understudy

extension AdminAPI {
    /// Whether the mock keeps a journal at all.
    var journalDisabled: Bool { mock.configuration.journalCapacity == 0 }

    /// `GET /requests?limit=&since=&unmatched=true&matchingStub=<id>`: serve events, newest
    /// first; `meta.total` counts the events before `limit` and `since` apply.
    func listRequests(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let limit = try nonNegativeQueryInt("limit", in: request)
        var since: Date?
        if let text = request.queryValues("since").first {
            guard let date = Self.parseISODate(text) else {
                throw .badRequest("since \"\(text)\" is not an ISO 8601 date-time such as 2024-05-01T10:00:00Z")
            }
            since = date
        }
        var stubID: UUID?
        if let text = request.queryValues("matchingStub").first {
            guard let id = UUID(uuidString: text) else {
                throw .badRequest(code: 15, "Query parameter matchingStub value '\(text)' is not a valid UUID")
            }
            stubID = id
        }
        let onlyUnmatched = request.queryValues("unmatched").contains("true")
        var events = Array(mock.serveEvents.reversed())
        if onlyUnmatched { events = events.filter { !$0.wasMatched } }
        if let stubID { events = events.filter { $0.stub?.id == stubID } }
        let total = events.count
        if let since { events = events.filter { $0.request.timestamp > since } }
        if let limit { events = Array(events.prefix(limit)) }
        return AdminResponse.json([
            "requests": .array(events.map { $0.adminJSON(mock: mock) }),
            "meta": ["total": .number(JSONNumber(total))],
            "requestJournalDisabled": .bool(journalDisabled),
        ])
    }

    /// `DELETE /requests`: empties the journal.
    func deleteAllRequests() -> ResponseDefinition {
        mock.resetRequests()
        return AdminResponse.emptyJSON
    }

    /// `POST /requests/reset` (legacy): empties the journal.
    func resetRequestsLegacy() -> ResponseDefinition {
        mock.resetRequests()
        return AdminResponse.ok
    }

    /// `GET /requests/{id}`: one serve event.
    func getRequest(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        let id = try uuid(request["id"])
        guard let event = mock.serveEvent(id: id) else {
            throw .notFound("No request with id \(id.uuidString.lowercased()) in the journal; list them with GET /__admin/requests")
        }
        return AdminResponse.json(event.adminJSON(mock: mock))
    }

    /// `DELETE /requests/{id}`: removes one journal entry; unknown ids are not an error, as in WireMock.
    func deleteRequest(_ request: AdminRequest) throws(AdminError) -> ResponseDefinition {
        mock.removeServeEvents(ids: [try uuid(request["id"])])
        return AdminResponse.emptyJSON
    }

    /// `POST /requests/count`: `{"count": n, "requestJournalDisabled": false}`.
    func countRequests(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let pattern = try requestPattern(request)
        let count = journalDisabled ? -1 : mock.count(matching: pattern)
        return AdminResponse.json(["count": .number(JSONNumber(count)), "requestJournalDisabled": .bool(journalDisabled)])
    }

    /// `POST /requests/find`: `{"requests": [logged requests, oldest first], "requestJournalDisabled": false}`.
    func findRequests(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let pattern = try requestPattern(request)
        return Self.requestsResult(mock.requests(matching: pattern), journalDisabled: journalDisabled)
    }

    /// `GET /requests/unmatched`: the requests no stub matched, oldest first.
    func unmatchedRequests() -> ResponseDefinition {
        Self.requestsResult(mock.unmatchedRequests, journalDisabled: journalDisabled)
    }

    /// `GET /requests/unmatched/near-misses`: for each unmatched request, the nearest stubs.
    func unmatchedNearMisses() -> ResponseDefinition {
        AdminResponse.json(mock.unmatchedNearMisses().flatMap(\.nearMisses).adminJSON)
    }

    /// `POST /requests/remove`: removes the journaled requests matching the pattern and
    /// returns them as `{"serveEvents": [...]}`.
    func removeRequestsByPattern(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let pattern = try requestPattern(request)
        let removed = mock.serveEvents.filter { pattern.matches($0.request) }
        mock.removeRequests(matching: pattern)
        return AdminResponse.json(["serveEvents": .array(removed.map { $0.adminJSON(mock: mock) })])
    }

    /// `POST /requests/remove-by-metadata`: removes the journal entries served by stubs whose
    /// metadata matches; answers `{"serveEvents": [removed]}`.
    func removeRequestsByMetadata(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let pattern = try stringValuePattern(request)
        let affected = mock.serveEvents.filter { event in
            guard let stub = event.stub, stub.metadata != nil else { return false }
            return pattern.match(stub.metadataText).isExactMatch
        }
        let removed = mock.removeServeEvents(ids: Set(affected.map(\.id)))
        return AdminResponse.json(["serveEvents": .array(removed.map { $0.adminJSON(mock: mock) })])
    }

    /// `POST /near-misses/request`: the stubs nearest to a logged request.
    func nearMissesForRequest(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let logged = try RecordedRequest(loggedRequestJSON: try jsonBody(request))
        return AdminResponse.json(mock.nearMisses(for: logged).nearMisses.adminJSON)
    }

    /// `POST /near-misses/request-pattern`: the journaled requests nearest to a pattern.
    func nearMissesForPattern(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let pattern = try requestPattern(request)
        return AdminResponse.json(mock.nearMisses(for: pattern).adminJSON)
    }

    /// WireMock's `FindRequestsResult`.
    static func requestsResult(_ requests: [RecordedRequest], journalDisabled: Bool) -> ResponseDefinition {
        AdminResponse.json(["requests": .array(requests.map(\.loggedRequestJSON)), "requestJournalDisabled": .bool(journalDisabled)])
    }

    /// Parses `2024-05-01T10:00:00Z`, with or without fractional seconds or an offset.
    static func parseISODate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
