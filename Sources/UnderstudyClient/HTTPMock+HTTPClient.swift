import Foundation
import Understudy
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPMock: HTTPClient {
    /// Answers from the stubs with no I/O: delays sleep on the task's clock (and end early
    /// with `CancellationError` when the task is cancelled), faults throw the `URLError` a
    /// real session would (see ``Understudy/Fault/urlErrorCode``), and an unmatched request
    /// throws ``UnmatchedRequestError`` carrying the near-miss report (unless `onUnmatched`
    /// answers it).
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let (data, response) = try await respond(to: RecordedRequest(request))
        return (data, response)
    }

    /// Serves a recorded request the way the in-process transports do.
    package func respond(to request: RecordedRequest) async throws -> (Data, HTTPURLResponse) {
        let event = serve(request)
        if !event.wasMatched, !answersUnmatchedRequests {
            throw UnmatchedRequestError(report: nearMisses(for: request))
        }
        let response = event.response
        var delay = response.fixedDelayMilliseconds ?? 0
        if let distribution = response.delayDistribution {
            var generator = SystemRandomNumberGenerator()
            delay += distribution.sampleMilliseconds(using: &generator)
        }
        if delay > 0 { try await Task.sleep(for: .milliseconds(delay)) }
        try Task.checkCancellation()
        let url = URL(string: request.absoluteURL) ?? URL(string: "http://localhost/")!
        if let fault = response.fault { throw URLError(fault.urlErrorCode, userInfo: [NSURLErrorFailingURLErrorKey: url]) }
        if let proxy = ProxyRequest(forwarding: request, as: response) {
            let upstream = await ProxyForwarder.forward(proxy, stub: event.stub?.label ?? "")
            recordProxiedResponse(upstream, for: event)
            return try httpResponse(upstream, body: try bodyData(for: upstream), stub: event.stubIdentity, request: request, url: url)
        }
        return try httpResponse(response, body: try bodyData(for: response), stub: event.stubIdentity, request: request, url: url)
    }

    private func httpResponse(
        _ response: ResponseDefinition, body: Data, stub: (id: UUID, name: String?)?, request: RecordedRequest, url: URL
    ) throws -> (Data, HTTPURLResponse) {
        var fields: [String: String] = [:]
        for name in response.headers.names {
            fields[name] = response.headers.values(for: name).joined(separator: ", ")
        }
        if let stub { fields["Matched-Stub-Id"] = stub.id.uuidString.lowercased() }
        guard let httpResponse = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: fields) else {
            throw URLError(.badServerResponse)
        }
        return (request.method == .head ? Data() : body, httpResponse)
    }
}
