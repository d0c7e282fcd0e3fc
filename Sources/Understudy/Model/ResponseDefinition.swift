public import Foundation
public import UnderstudyJSON

/// What a stub answers: status, headers, one body, and optional delays, faults,
/// templating and proxy settings (WireMock's `response` object).
///
/// Build one with the static starting points and chain modifiers:
/// ```swift
/// let response: ResponseDefinition = .ok.json(["id": 42]).header("Cache-Control", "no-store").delayed(by: .milliseconds(20))
/// ```
public struct ResponseDefinition: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// An optional reason phrase (WireMock `statusMessage`).
    public var statusMessage: String?
    /// Response headers, multi-valued and in order.
    public var headers: HTTPHeaders
    /// The body.
    public var body: ResponseBody
    /// A fixed delay before the response, in milliseconds.
    public var fixedDelayMilliseconds: Int?
    /// A random delay before the response.
    public var delayDistribution: DelayDistribution?
    /// Sends the body in chunks spread over a duration.
    public var chunkedDribbleDelay: ChunkedDribbleDelay?
    /// A body that arrives over time (server-sent events or timed chunks) instead of ``body``.
    public var stream: ResponseStream?
    /// A network fault produced instead of a response.
    public var fault: Fault?
    /// Names of response transformers, for example `response-template`.
    public var transformers: [String]
    /// Parameters for the transformers.
    public var transformerParameters: JSONObject?
    /// Forwards the request to this base URL instead of answering (proxying).
    public var proxyBaseUrl: String?
    /// A prefix removed from the request URL before proxying.
    public var proxyUrlPrefixToRemove: String?
    /// Headers added to proxied requests.
    public var additionalProxyRequestHeaders: HTTPHeaders?
    /// Header names removed from proxied requests.
    public var removeProxyRequestHeaders: [String]?
    /// The answer kinds from outside the core this response carries (an LLM preset, a network
    /// profile), one value per kind, by key (see ``AnswerExtension``).
    package var extensions: [AnyAnswerExtension] = []

    /// Creates a response; every field but the status is optional.
    public init(
        status: Int = 200,
        statusMessage: String? = nil,
        headers: HTTPHeaders = [:],
        body: ResponseBody = .none,
        fixedDelayMilliseconds: Int? = nil,
        delayDistribution: DelayDistribution? = nil,
        chunkedDribbleDelay: ChunkedDribbleDelay? = nil,
        fault: Fault? = nil,
        transformers: [String] = [],
        transformerParameters: JSONObject? = nil,
        proxyBaseUrl: String? = nil,
        proxyUrlPrefixToRemove: String? = nil,
        additionalProxyRequestHeaders: HTTPHeaders? = nil,
        removeProxyRequestHeaders: [String]? = nil,
        stream: ResponseStream? = nil
    ) {
        self.status = status
        self.statusMessage = statusMessage
        self.headers = headers
        self.body = body
        self.fixedDelayMilliseconds = fixedDelayMilliseconds
        self.delayDistribution = delayDistribution
        self.chunkedDribbleDelay = chunkedDribbleDelay
        self.fault = fault
        self.transformers = transformers
        self.transformerParameters = transformerParameters
        self.proxyBaseUrl = proxyBaseUrl
        self.proxyUrlPrefixToRemove = proxyUrlPrefixToRemove
        self.additionalProxyRequestHeaders = additionalProxyRequestHeaders
        self.removeProxyRequestHeaders = removeProxyRequestHeaders
        self.stream = stream
    }
}

extension ResponseDefinition {
    /// `200 OK` with no body.
    public static var ok: ResponseDefinition { ResponseDefinition(status: 200) }
    /// `201 Created` with no body.
    public static var created: ResponseDefinition { ResponseDefinition(status: 201) }
    /// `204 No Content`.
    public static var noContent: ResponseDefinition { ResponseDefinition(status: 204) }
    /// `400 Bad Request`.
    public static var badRequest: ResponseDefinition { ResponseDefinition(status: 400) }
    /// `401 Unauthorized`.
    public static var unauthorized: ResponseDefinition { ResponseDefinition(status: 401) }
    /// `404 Not Found`.
    public static var notFound: ResponseDefinition { ResponseDefinition(status: 404) }
    /// `500 Internal Server Error`.
    public static var serverError: ResponseDefinition { ResponseDefinition(status: 500) }

    /// A response with the given status and no body.
    public static func status(_ code: Int, message: String? = nil) -> ResponseDefinition {
        ResponseDefinition(status: code, statusMessage: message)
    }

    /// A response that produces a network fault instead of an HTTP answer.
    public static func fault(_ fault: Fault) -> ResponseDefinition {
        ResponseDefinition(fault: fault)
    }

    /// A response that proxies the request to another server.
    public static func proxy(to baseURL: String) -> ResponseDefinition {
        ResponseDefinition(proxyBaseUrl: baseURL)
    }

    /// Sets a JSON body and, unless already set, `Content-Type: application/json`.
    public func json(_ value: JSONValue) -> ResponseDefinition {
        var copy = self
        copy.body = .json(value)
        if !copy.headers.contains("Content-Type") { copy.headers.add(name: "Content-Type", value: "application/json") }
        return copy
    }

    /// Encodes any `Encodable` value with `encoder` as the JSON body (and sets
    /// `Content-Type: application/json` unless already set): `.ok.json(User(id: 2, name: "Ada"))`.
    ///
    /// When `value` cannot be encoded (an `EncodingError`, a non-finite `Double`, ...), the
    /// stub answers `500 Internal Server Error` with a `text/plain` body naming the type and the
    /// error, so the failure shows where the response is read; use the throwing
    /// ``json(encoding:encoder:)`` to fail at stub time instead.
    @_disfavoredOverload
    public func json(_ value: some Encodable, encoder: JSONEncoder = JSONEncoder()) -> ResponseDefinition {
        do {
            return try json(encoding: value, encoder: encoder)
        } catch {
            var failure = ResponseDefinition(status: 500)
            failure.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
            failure.body = .text("Understudy could not encode \(type(of: value)) as the JSON body of this stub: \(error)")
            return failure
        }
    }

    /// Encodes a value with `encoder` as the JSON body (sets `Content-Type: application/json`
    /// unless already set); throws the encoder's error when the value cannot be encoded.
    public func json(encoding value: some Encodable, encoder: JSONEncoder = JSONEncoder()) throws -> ResponseDefinition {
        json(try JSONValue(encoding: value, encoder: encoder))
    }

    /// Sets a text body (WireMock `body`).
    public func body(_ text: String) -> ResponseDefinition {
        var copy = self
        copy.body = .text(text)
        return copy
    }

    /// Sets a binary body (WireMock `base64Body`).
    public func body(_ data: Data) -> ResponseDefinition {
        var copy = self
        copy.body = .binary(data)
        return copy
    }

    /// Serves the body from a file under `__files` (WireMock `bodyFileName`).
    public func bodyFile(_ name: String) -> ResponseDefinition {
        var copy = self
        copy.body = .file(name)
        return copy
    }

    /// Adds a header field (existing fields with the same name are kept).
    public func header(_ name: String, _ value: String) -> ResponseDefinition {
        var copy = self
        copy.headers.add(name: name, value: value)
        return copy
    }

    /// Delays the response by a fixed duration (rounded to milliseconds).
    public func delayed(by duration: Duration) -> ResponseDefinition {
        var copy = self
        let (seconds, attoseconds) = duration.components
        copy.fixedDelayMilliseconds = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
        return copy
    }

    /// Delays the response by a random amount.
    public func delayed(by distribution: DelayDistribution) -> ResponseDefinition {
        var copy = self
        copy.delayDistribution = distribution
        return copy
    }

    /// Sends the body in chunks spread over a duration.
    public func dribbled(chunks: Int, over duration: Duration) -> ResponseDefinition {
        var copy = self
        let (seconds, attoseconds) = duration.components
        copy.chunkedDribbleDelay = ChunkedDribbleDelay(
            numberOfChunks: chunks,
            totalDurationMilliseconds: Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
        )
        return copy
    }

    /// Asks for response templating (WireMock `transformers: ["response-template"]`).
    public func templated() -> ResponseDefinition {
        var copy = self
        if !copy.transformers.contains("response-template") { copy.transformers.append("response-template") }
        return copy
    }
}
