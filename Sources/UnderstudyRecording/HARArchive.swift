import Understudy
package import Foundation
import UnderstudyClient
import UnderstudySupport

/// Reads HAR 1.2 files, the traffic exports of browser developer tools, Proxyman, Charles and
/// mitmproxy, as ``RecordedExchange``s for ``StubRecorder``.
///
/// Pseudo-headers (`:authority`) and hop-by-hop headers are dropped. Response bodies in a HAR
/// are already decoded, so `Content-Encoding` and `Content-Length` are dropped too (a stub
/// that said `gzip` over a plain body would break its clients). Entries without a response
/// (blocked or cancelled requests, status 0) are skipped.
package enum HARArchive {
    /// The exchanges of a HAR document, in the order it lists them.
    /// - Parameters:
    ///   - data: the HAR document (JSON).
    ///   - file: the file name, for error messages.
    package static func exchanges(from data: Data, file: String? = nil) throws(MappingDecodingError) -> [RecordedExchange] {
        let reader = try JSONReader.parsing(data, file: file, hint: "export the traffic as a HAR file (\"Save all as HAR\")")
        return try reader.decoding { reader in
            guard let log = reader.member("log") else {
                throw reader.error("a HAR file is {\"log\": {\"entries\": [...]}}; this document has no \"log\"")
            }
            guard let entries = log.member("entries") else { throw log.error("a HAR log needs \"entries\"") }
            return try entries.elements().compactMap(exchange)
        }
    }

    private static func exchange(_ entry: JSONReader) throws -> RecordedExchange? {
        guard let request = entry.member("request") else { throw entry.error("an entry needs a \"request\"") }
        guard let response = entry.member("response") else { throw entry.error("an entry needs a \"response\"") }
        let status = try response.optionalInt("status") ?? 0
        guard status > 0 else { return nil }
        let url = try request.requiredString("url")
        guard let components = URLComponents(string: url), components.host != nil else {
            throw request.member("url")!.error("\"\(url)\" is not an absolute URL")
        }
        let method = try request.optionalString("method") ?? "GET"
        var body = Data()
        if let postData = request.member("postData") {
            if let text = try postData.optionalString("text") {
                body = try decode(text, encoding: postData.optionalString("encoding"), at: postData)
            } else if let params = postData.member("params") {
                body = Data(try params.elements().map { param in
                    let name = try param.requiredString("name")
                    let value = try param.optionalString("value") ?? ""
                    return "\(formEncode(name))=\(formEncode(value))"
                }.joined(separator: "&").utf8)
            }
        }
        let recordedRequest = RecordedRequest(method: HTTPMethod(method.uppercased()), url: url,
                                              headers: try headers(request, dropping: ProxyRequest.hopByHopHeaders), body: body,
                                              clientAddress: "har")
        var responseBody = Data()
        if let content = response.member("content"), let text = try content.optionalString("text") {
            responseBody = try decode(text, encoding: content.optionalString("encoding"), at: content)
        }
        let recordedResponse = RecordedResponse(
            status: status,
            headers: try headers(response, dropping: ProxyRequest.hopByHopHeaders + ["Content-Encoding"]),
            body: responseBody)
        return RecordedExchange(request: recordedRequest, response: recordedResponse)
    }

    private static func headers(_ message: JSONReader, dropping dropped: [String]) throws -> HTTPHeaders {
        var headers = HTTPHeaders()
        guard let list = message.member("headers") else { return headers }
        for header in try list.elements() {
            let name = try header.requiredString("name")
            guard !name.hasPrefix(":"), !dropped.contains(where: { $0.caseInsensitiveEquals(name) }) else { continue }
            headers.add(name: name, value: try header.optionalString("value") ?? "")
        }
        return headers
    }

    private static func decode(_ text: String, encoding: String?, at reader: JSONReader) throws -> Data {
        guard encoding?.lowercased() == "base64" else { return Data(text.utf8) }
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
            throw reader.error("the text says it is base64 but is not valid base64")
        }
        return data
    }

    private static func formEncode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
