import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Understudy

extension UpstreamClient: WebhookSender {
    /// Sends a webhook the server's stubs fire, with the client proxied requests use (no
    /// redirects followed, the proxy timeout as deadline).
    func send(_ request: WebhookRequest) async throws -> WebhookResponse {
        var headers = NIOHTTP1.HTTPHeaders()
        for field in request.headers { headers.add(name: field.name, value: field.value) }
        let outgoing = try HTTPClient.Request(
            url: request.url, method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue), headers: headers,
            body: request.body.isEmpty ? nil : .bytes(request.body))
        let response = try await httpClient().execute(request: outgoing, deadline: .now() + TimeAmount(responseTimeout)).get()
        return WebhookResponse(status: Int(response.status.code), body: response.body.map { Data($0.readableBytesView) } ?? Data())
    }
}
