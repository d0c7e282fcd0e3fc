import Foundation
import Understudy

/// What the server sends for one served request, worked out before any byte is written:
/// the delay, then either a fault or a status, headers and body (possibly dribbled in chunks).
struct ResponsePlan {
    enum Action {
        case respond(status: Int, reason: String?, headers: HTTPHeaders, body: Data, chunks: Int, chunkInterval: Duration)
        case fault(Fault)
        /// Forward the request upstream and stream the answer back.
        case proxy(ProxyRequest)
    }

    /// How long to wait before acting.
    var delay: Duration
    /// What to do after the delay.
    var action: Action

    /// Plans the answer to a request.
    /// - Parameters:
    ///   - response: what the mock (or the admin API) chose.
    ///   - request: the request being answered (a proxy stub forwards it).
    ///   - stub: the id and name of the stub that matched, if any; sent as `Matched-Stub-Id`
    ///     and `Matched-Stub-Name`.
    ///   - bodyData: reads a response body (files come from the mock's root).
    ///   - isHead: whether the request was `HEAD`, whose response carries no body.
    static func make(
        for response: ResponseDefinition,
        to request: RecordedRequest,
        stub: (id: UUID, name: String?)?,
        bodyData: (ResponseDefinition) throws -> Data,
        isHead: Bool,
        using generator: inout some RandomNumberGenerator
    ) -> ResponsePlan {
        var delayMilliseconds = response.fixedDelayMilliseconds ?? 0
        if let distribution = response.delayDistribution {
            delayMilliseconds += distribution.sampleMilliseconds(using: &generator)
        }
        let delay = Duration.milliseconds(max(0, delayMilliseconds))
        if let fault = response.fault { return ResponsePlan(delay: delay, action: .fault(fault)) }
        if let proxy = ProxyRequest(forwarding: request, as: response) {
            return ResponsePlan(delay: delay, action: .proxy(proxy))
        }
        let body: Data
        do {
            body = try bodyData(response)
        } catch {
            return ResponsePlan(delay: delay, action: plainText(
                status: 500, "Stub \(label(stub)) cannot be served: \(error)\n"))
        }
        var headers = response.headers
        headers.remove("Content-Length")
        headers.remove("Transfer-Encoding")
        if let stub {
            headers.replaceOrAdd(name: "Matched-Stub-Id", value: stub.id.uuidString.lowercased())
            if let name = stub.name { headers.replaceOrAdd(name: "Matched-Stub-Name", value: name) }
        }
        let bodyless = isHead || response.status == 204 || response.status == 304 || (100..<200).contains(response.status)
        if !(response.status == 204 || response.status == 304 || (100..<200).contains(response.status)) {
            headers.add(name: "Content-Length", value: String(body.count))
        }
        var chunks = 1
        var interval = Duration.zero
        if let dribble = response.chunkedDribbleDelay, !bodyless, !body.isEmpty {
            chunks = max(1, min(dribble.numberOfChunks, body.count))
            interval = .milliseconds(dribble.totalDurationMilliseconds) / chunks
        }
        return ResponsePlan(delay: delay, action: .respond(
            status: response.status, reason: response.statusMessage, headers: headers,
            body: bodyless ? Data() : body, chunks: chunks, chunkInterval: interval))
    }

    /// `"Get user" (id …)`, as ``StubMapping/label`` writes it.
    private static func label(_ stub: (id: UUID, name: String?)?) -> String {
        guard let stub else { return "" }
        let id = stub.id.uuidString.lowercased()
        return stub.name.map { "\"\($0)\" (id \(id))" } ?? "id \(id)"
    }

    static func plainText(status: Int, _ text: String) -> Action {
        let body = Data(text.utf8)
        return .respond(status: status, reason: nil,
                        headers: ["Content-Type": "text/plain; charset=utf-8", "Content-Length": String(body.count)],
                        body: body, chunks: 1, chunkInterval: .zero)
    }
}
