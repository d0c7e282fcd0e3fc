public import Foundation
public import UnderstudyJSON

/// An HTTP request a stub sends after its response has been served (WireMock's `webhook`
/// serve event listener, `org/wiremock/webhooks/WebhookDefinition.java`).
///
/// The method, URL, header values and text body are Handlebars templates rendered against
/// the request that matched the stub, which they see as `originalRequest`, and against the
/// webhook's own parameters, seen as `parameters`:
/// ```swift
/// mock.stub(StubMapping(.post(urlPath: "/orders"), .status(202)).withWebhook(
///     .post("http://localhost:8081/callbacks")
///         .header("Content-Type", "application/json")
///         .body(#"{"order": "{{jsonPath originalRequest.body '$.id'}}"}"#)
///         .delay(.uniform(lower: 100, upper: 300))))
/// ```
public struct WebhookDefinition: Sendable, Hashable {
    /// A webhook's body: text (a template) or bytes (sent as they are).
    public enum Body: Sendable, Hashable {
        /// Text sent as UTF-8 after rendering (WireMock `body`).
        case text(String)
        /// Bytes sent unchanged (WireMock `base64Body`).
        case binary(Data)
    }

    /// The method, a template; WireMock's default is `GET`.
    public var method: String
    /// The absolute `http` or `https` URL, a template.
    public var url: String
    /// Header fields; each value is a template.
    public var headers: HTTPHeaders
    /// The body, sent only with `POST`, `PUT` and `PATCH` (as WireMock does).
    public var body: Body?
    /// How long to wait after the response before sending; `nil` sends at once.
    public var delay: DelayDistribution?
    /// Further parameters, kept in the JSON and seen by the templates as `parameters.<name>`
    /// (with `method`, `url`, `headers`, `body` and `delay`).
    public var parameters: JSONObject

    /// Creates a webhook.
    public init(
        method: String = "GET",
        url: String,
        headers: HTTPHeaders = [:],
        body: Body? = nil,
        delay: DelayDistribution? = nil,
        parameters: JSONObject = [:]
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.delay = delay
        self.parameters = parameters
    }

    /// A `GET` to `url`.
    public static func get(_ url: String) -> WebhookDefinition { WebhookDefinition(method: "GET", url: url) }
    /// A `POST` to `url`.
    public static func post(_ url: String) -> WebhookDefinition { WebhookDefinition(method: "POST", url: url) }
    /// A `PUT` to `url`.
    public static func put(_ url: String) -> WebhookDefinition { WebhookDefinition(method: "PUT", url: url) }
    /// A `PATCH` to `url`.
    public static func patch(_ url: String) -> WebhookDefinition { WebhookDefinition(method: "PATCH", url: url) }
    /// A `DELETE` of `url`.
    public static func delete(_ url: String) -> WebhookDefinition { WebhookDefinition(method: "DELETE", url: url) }

    /// The webhook with a header field added (a second call with the same name adds a value).
    public func header(_ name: String, _ value: String) -> WebhookDefinition {
        var copy = self
        copy.headers.add(name: name, value: value)
        return copy
    }

    /// The webhook with a text body, a template.
    public func body(_ text: String) -> WebhookDefinition {
        var copy = self
        copy.body = .text(text)
        return copy
    }

    /// The webhook with a binary body, sent unchanged.
    public func body(_ data: Data) -> WebhookDefinition {
        var copy = self
        copy.body = .binary(data)
        return copy
    }

    /// The webhook sent after a delay drawn from `distribution` (`.fixed(milliseconds:)`,
    /// `.uniform(lower:upper:)` or `.lognormal(median:sigma:maxValue:)`).
    public func delay(_ distribution: DelayDistribution) -> WebhookDefinition {
        var copy = self
        copy.delay = distribution
        return copy
    }

    /// The webhook with a parameter its templates read as `parameters.<name>`.
    public func parameter(_ name: String, _ value: JSONValue) -> WebhookDefinition {
        var copy = self
        copy.parameters[name] = value
        return copy
    }
}
