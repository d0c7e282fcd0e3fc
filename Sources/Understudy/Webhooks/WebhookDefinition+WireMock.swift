import Foundation
public import UnderstudyJSON

extension WebhookDefinition {
    /// The webhook's `parameters` object as WireMock writes it: `method`, `url`, `headers`,
    /// `body` or `base64Body`, `delay`, then the further parameters.
    public var wireMockParameters: JSONObject {
        var object: JSONObject = ["method": .string(method), "url": .string(url)]
        if !headers.isEmpty { object["headers"] = headers.wireMockJSON }
        switch body {
        case .text(let text)?: object["body"] = .string(text)
        case .binary(let data)?: object["base64Body"] = .string(data.base64EncodedString())
        case nil: break
        }
        if let delay { object["delay"] = delay.wireMockJSON }
        for member in parameters where object[member.key] == nil { object[member.key] = member.value }
        return object
    }

    private static let namedKeys: Set<String> = ["method", "url", "headers", "body", "base64Body", "delay"]

    /// Reads a webhook's `parameters` object as WireMock's `WebhookDefinition.from(Parameters)`
    /// does: `method` defaults to `GET`, `body` wins over `base64Body` (which then stays a
    /// parameter), and every other key is a further parameter. Unlike WireMock, which finds
    /// these problems only when the webhook fires, a missing `url`, a URL that is not a
    /// template and not absolute `http(s)`, bad base64 and a bad `delay` are refused here.
    init(wireMock reader: JSONReader) throws {
        let object = try reader.object()
        let url = try reader.required("url") { try $0.string() }
        if !url.contains("{{") {
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", parsed.host != nil
            else {
                throw reader.error(at: "url", "webhook url \"\(url)\" is not an absolute http or https URL such as \"http://localhost:8081/callback\"")
            }
        }
        var body: Body?
        var extras = JSONObject()
        if let text = try reader.optionalString("body") {
            body = .text(text)
            if let ignored = object["base64Body"] { extras["base64Body"] = ignored }
        } else if let encoded = try reader.optionalString("base64Body") {
            guard let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) else {
                throw reader.error(at: "base64Body", "base64Body is not valid base64; encode the bytes with `base64` or use \"body\" for text")
            }
            body = .binary(data)
        }
        for member in object where !Self.namedKeys.contains(member.key) { extras[member.key] = member.value }
        self.init(
            method: try reader.optionalString("method") ?? "GET",
            url: url,
            headers: try reader.optional("headers") { try HTTPHeaders(wireMock: $0) } ?? [:],
            body: body,
            delay: try reader.optional("delay") { try DelayDistribution(wireMock: $0) },
            parameters: extras)
    }
}
