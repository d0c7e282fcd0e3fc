package import Foundation
import Understudy

extension HARArchive {
    /// A mock's journal as a HAR 1.2 document, which browser developer tools, Proxyman and
    /// Charles open, and ``exchanges(from:file:)`` reads back: one entry per request, oldest
    /// first, with the request as received and the response as the mock chose it. An entry's
    /// `comment` names the stub that answered, or says no stub matched; a fault is an entry
    /// with status 0 and the fault in its `_error`.
    /// - Parameters:
    ///   - events: the journal's entries (`mock.serveEvents`).
    ///   - bodyData: a response's body bytes (`mock.bodyData(for:)`, which reads body files).
    package static func document(of events: [ServeEvent], bodyData: (ResponseDefinition) -> Data?) -> JSONValue {
        let dates = ISO8601DateFormatter()
        dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let entries: [JSONValue] = events.map { event in
            let request = event.request
            var requestObject: JSONObject = [
                "method": .string(request.method.rawValue),
                "url": .string(request.absoluteURL),
                "httpVersion": .string(request.protocolVersion ?? "HTTP/1.1"),
                "cookies": .array(request.cookies.map { ["name": .string($0.name), "value": .string($0.value)] }),
                "headers": headers(request.headers),
                "queryString": .array(request.queryItems.map { ["name": .string($0.name), "value": .string($0.value ?? "")] }),
                "headersSize": -1,
                "bodySize": .number(JSONNumber(request.body.count)),
            ]
            if !request.body.isEmpty {
                requestObject["postData"] = content(request.body, mimeType: request.headers["Content-Type"], textKey: "text")
            }
            let response = event.response
            let body = response.fault == nil ? (bodyData(response) ?? Data()) : Data()
            var contentObject = content(body, mimeType: response.headers["Content-Type"], textKey: "text").objectValue ?? [:]
            contentObject["size"] = .number(JSONNumber(body.count))
            var responseObject: JSONObject = [
                "status": .number(JSONNumber(response.fault == nil ? response.status : 0)),
                "statusText": .string(response.statusMessage ?? ""),
                "httpVersion": "HTTP/1.1",
                "cookies": [],
                "headers": headers(response.headers),
                "content": .object(contentObject),
                "redirectURL": .string(response.headers["Location"] ?? ""),
                "headersSize": -1,
                "bodySize": .number(JSONNumber(body.count)),
            ]
            if let fault = response.fault { responseObject["_error"] = .string(fault.name) }
            return [
                "startedDateTime": .string(dates.string(from: request.timestamp)),
                "time": 0,
                "request": .object(requestObject),
                "response": .object(responseObject),
                "cache": [:],
                "timings": ["send": 0, "wait": 0, "receive": 0],
                "comment": .string(event.stub.map { "answered by stub \($0.label)" } ?? "no stub matched"),
            ]
        }
        return ["log": ["version": "1.2", "creator": ["name": "Understudy", "version": "0.1.0"], "entries": .array(entries)]]
    }

    private static func headers(_ headers: HTTPHeaders) -> JSONValue {
        .array(headers.map { ["name": .string($0.name), "value": .string($0.value)] })
    }

    /// HAR's `content` (or `postData`): text when the bytes are UTF-8, else base64.
    private static func content(_ data: Data, mimeType: String?, textKey: String) -> JSONValue {
        var object: JSONObject = ["mimeType": .string(mimeType ?? "")]
        if let text = String(data: data, encoding: .utf8) {
            object[textKey] = .string(text)
        } else {
            object[textKey] = .string(data.base64EncodedString())
            object["encoding"] = "base64"
        }
        return .object(object)
    }
}
