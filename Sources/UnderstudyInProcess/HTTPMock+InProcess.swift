package import Foundation
package import Understudy
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPMock {
    /// Serves a request for the in-process transports by carrying out the mock's plan with no
    /// socket: the delay sleeps on the task's clock (ending with `CancellationError` when the
    /// task is cancelled), a fault throws the `URLError` a real session would (see
    /// ``Understudy/Fault/urlErrorCode``), a proxy stub forwards upstream, and an unmatched
    /// request throws ``UnmatchedRequestError`` with the near-miss report (unless `onUnmatched`
    /// answers it).
    /// - Parameter url: the URL the caller asked for, which the response carries when it is the
    ///   request's ``RecordedRequest/absoluteURL``; by default, that URL is parsed again.
    package func answer(_ request: RecordedRequest, url requestURL: URL? = nil) async throws -> InProcessAnswer {
        let served = await respond(to: request)
        if let report = served.nearMisses { throw UnmatchedRequestError(report: report) }
        let (event, plan) = (served.event, served.plan)
        var completion = InProcessCompletion(mock: self, served: served)
        if plan.delay > .zero { try await Task.sleep(for: plan.delay) }
        try Task.checkCancellation()
        let url = Self.responseURL(for: request, given: requestURL)
        switch plan.action {
        case .fault(let fault):
            // The fault is this request's answer: it has been served.
            completion?.report()
            throw URLError(fault.urlErrorCode, userInfo: [NSURLErrorFailingURLErrorKey: url])
        case .proxy(let proxy):
            let upstream = await ProxyForwarder.forward(proxy, stub: event.stubIdentity?.label ?? "")
            // URLSession hands over upstream's body in one piece (on Linux `data(for:)` cannot
            // even see the pieces), so no arrival times are kept: recording gives a plain body.
            let recorded = finish(event, with: .proxied(upstream, timeline: nil))
            completion?.recorded = recorded
            var generator = SystemRandomNumberGenerator()
            let relayed = ResponsePlan.make(for: upstream, to: request, stub: event.stubIdentity,
                                            bodyData: { try $0.bodyData(root: nil) }, using: &generator)
            guard case let .respond(head, body) = relayed.action else { throw URLError(.badServerResponse) }
            return try InProcessAnswer(head, body, url: url, completion: completion)
        case let .respond(head, body):
            return try InProcessAnswer(head, body, url: url, completion: completion)
        }
    }

    /// The response's URL: the request's absolute URL (default port and fragment left out).
    private static func responseURL(for request: RecordedRequest, given url: URL?) -> URL {
        let absolute = request.absoluteURL
        // Parsing a URL costs more than the rest of a direct request; reuse the caller's.
        if let url, url.absoluteString == absolute { return url }
        return URL(string: absolute) ?? URL(fileURLWithPath: "/")
    }
}

extension InProcessAnswer {
    /// The answer to a planned head and body; multi-valued fields are joined with `, `, as
    /// `HTTPURLResponse` keeps one value per name (spelled as it first appears).
    init(_ head: ResponseHead, _ body: TimedBody, url: URL, completion: InProcessCompletion?) throws {
        guard let response = HTTPURLResponse(url: url, statusCode: head.status, httpVersion: "HTTP/1.1", headerFields: head.headers.joinedByName) else {
            throw URLError(.badServerResponse)
        }
        self.init(response: response, head: head, body: body, completion: completion)
    }
}
