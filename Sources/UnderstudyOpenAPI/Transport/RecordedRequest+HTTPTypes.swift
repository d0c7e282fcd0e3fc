public import Foundation
public import HTTPTypes
public import Understudy

extension RecordedRequest {
    /// Records a swift-http-types request a generated OpenAPI client made: its method, header
    /// fields in order, and the URL `baseURL` followed by the request's path (which carries the
    /// query). A request with its own scheme and authority uses them instead of `baseURL`'s.
    ///
    /// `baseURL`'s own query and fragment are left out, and a trailing `/` on its path is
    /// dropped, so `https://api.example.com/v1/` and `/pets` make
    /// `https://api.example.com/v1/pets`.
    public init(_ request: HTTPRequest, baseURL: URL, body: Data = Data()) {
        self.init(request, baseURL: baseURL, body: body, id: .random())
    }

    /// Records a request under the given id (the transport asks its mock for one).
    init(_ request: HTTPRequest, baseURL: URL, body: Data, id: UUID) {
        var headers = HTTPHeaders()
        for field in request.headerFields {
            headers.add(name: field.name.rawName, value: field.value)
        }
        let path = request.path ?? "/"
        let url: String
        if let scheme = request.scheme, let authority = request.authority {
            url = "\(scheme)://\(authority)\(path)"
        } else {
            url = Self.base(of: baseURL) + (path.hasPrefix("/") ? path : "/" + path)
        }
        self.init(id: id, method: HTTPMethod(request.method.rawValue), url: url, headers: headers, body: body)
    }

    /// `baseURL` as text, without its query, fragment or trailing `/`.
    private static func base(of baseURL: URL) -> String {
        var text = baseURL.absoluteString
        if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<end]) }
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
