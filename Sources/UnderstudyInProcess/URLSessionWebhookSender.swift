public import Understudy
// URLSession lives in FoundationNetworking on Linux and in Foundation on Apple platforms; the
// module that declares it is imported publicly on each.
#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// Sends webhooks with a `URLSession`: what the in-process transports use when the mock has
/// no `HTTPMock.Configuration.webhookSender`. Redirects are followed, as
/// `URLSession` does by default.
public struct URLSessionWebhookSender: WebhookSender {
    /// The session that sends.
    public let session: URLSession

    /// A sender using `session` (the shared session by default).
    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// Sends `request`; throws for a URL that is not absolute `http(s)` and for network errors.
    public func send(_ request: WebhookRequest) async throws -> WebhookResponse {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw URLError(.unsupportedURL, userInfo: [NSLocalizedDescriptionKey: "\(request.url) is not an absolute http or https URL"])
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        if !request.body.isEmpty { urlRequest.httpBody = request.body }
        #if canImport(FoundationNetworking)
        let (data, response) = try await session.data(for: urlRequest, delegate: nil)
        #else
        let (data, response) = try await session.data(for: urlRequest)
        #endif
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return WebhookResponse(status: http.statusCode, body: data)
    }
}
