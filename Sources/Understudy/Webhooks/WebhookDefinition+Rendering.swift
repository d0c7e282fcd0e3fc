import Foundation
import UnderstudyClient
import UnderstudySupport
import UnderstudyTemplating

extension WebhookDefinition {
    /// The request to send, with the method, URL, header values and text body rendered as
    /// `org/wiremock/webhooks/Webhooks.java` (`applyTemplating`) renders them: the model holds
    /// `originalRequest` (the request that matched, as templates see `request` in a response)
    /// and `parameters` (every parameter of the webhook), and no `request`. A body is sent
    /// only with `POST`, `PUT` and `PATCH` (`buildRequest`, `RequestMethod.hasEntity`).
    /// `escapesHTML` is the mock's `templateEscaping` and `seed` the next of its template seeds
    /// (`templateRandomSeed`): WireMock renders webhooks with the same `TemplateEngine` as
    /// responses, so they escape (or not) and draw random values alike.
    /// - Throws: a message naming the part whose template failed, its line and column.
    func rendered(for request: RecordedRequest, urlPattern: URLPattern?, escapesHTML: Bool = false,
                  seed: UInt64? = nil) throws(WebhookRenderingError) -> WebhookRequest {
        var system = SystemRandomNumberGenerator()
        // A template's request fields are worked out from `request.…`; webhooks read
        // `originalRequest.…`, so the whole model is built up front.
        var model = TemplateRequestModel(request, urlPattern: urlPattern)
        model.include(.everything)
        var rendering = ResponseRendering(
            model: model, parameters: TemplateValue(.object(wireMockParameters)),
            generator: SplitMix64(seed: seed ?? system.next()), escapesHTML: escapesHTML, requestKey: "originalRequest")
        func render(_ text: String, _ part: String) throws(WebhookRenderingError) -> String {
            guard ResponseTemplater.hasTag(text) else { return text }
            do {
                return try rendering.render(try Template(parsing: text), reading: .everything)
            } catch {
                throw WebhookRenderingError(description: "template error in \(part) at line \(error.line), column \(error.column): \(error.message)")
            }
        }
        let url = try render(self.url, "the url")
        let method = HTTPMethod(try render(self.method, "the method"))
        var headers = HTTPHeaders()
        for field in self.headers { headers.add(name: field.name, value: try render(field.value, "the header \(field.name)")) }
        var body = Data()
        if method == .post || method == .put || method == .patch {
            switch self.body {
            case .text(let text)?: body = Data(try render(text, "the body").utf8)
            case .binary(let data)?: body = data
            case nil: break
            }
        }
        return WebhookRequest(method: method, url: url, headers: headers, body: body)
    }
}

/// A webhook whose templates cannot be rendered.
struct WebhookRenderingError: Error, CustomStringConvertible {
    let description: String
}
