import UnderstudyHTTPParsing
import Foundation
import UnderstudySupport
public import Understudy

/// One operation of a document: a method on a path template, with what its requests carry and
/// the responses it documents.
public struct OpenAPIOperation: Sendable {
    /// The HTTP method.
    public let method: HTTPMethod
    /// The path template as the document writes it, for example `/pets/{petId}`.
    public let path: String
    /// The `operationId`, when the document gives one.
    public let operationId: String?
    /// The parameters, path-level ones merged with the operation's own (which win).
    public let parameters: [OpenAPIParameter]
    /// The request body, when the operation takes one.
    public let requestBody: OpenAPIRequestBody?
    /// The documented responses in document order (`200`, `4XX`, `default`…).
    public let responses: [OpenAPIResponse]
    /// Where the operation is in the document, as a JSON pointer.
    public let pointer: String
    /// The parsed path template.
    let template: PathTemplate
    /// What the operation's `security` asks of a request; `nil` when nothing.
    var security: OpenAPISecurity?
    /// The path the document is mounted at (see ``OpenAPIDocument/mounted(at:)``); empty by default.
    public internal(set) var basePath = ""

    /// The path template requests use: ``basePath`` followed by ``path``.
    public var mountedPath: String { basePath + path }

    /// The query a path key fixes, as OpenAI's document writes a variant of an operation
    /// (`/responses?beta=true`): the operation answers only requests that carry it. Empty for a
    /// plain path key.
    var fixedQuery: [(name: String, value: String)] {
        guard let mark = path.firstIndex(of: "?") else { return [] }
        return FormURLEncoded.parse(Data(path[path.index(after: mark)...].utf8)).map { ($0.name, $0.value ?? "") }
    }

    /// ``mountedPath`` without the query its path key fixes.
    var mountedRequestPath: String { basePath + path.prefix { $0 != "?" } }

    /// Whether a request carries the query the path key fixes (always, for a plain path key).
    func carriesFixedQuery(_ request: RecordedRequest) -> Bool {
        fixedQuery.allSatisfy { fixed in request.queryItems.contains { $0.name == fixed.name && ($0.value ?? "") == fixed.value } }
    }

    /// The operation's name in reports: its `operationId`, or `GET /pets/{petId}`.
    public var label: String { operationId ?? "\(method.rawValue) \(path)" }

    /// The response the operation answers with by default: the first documented 2XX (in
    /// status order), else `default`, else the first documented response.
    public var successResponse: OpenAPIResponse? {
        let successes = responses.compactMap { response in
            response.statusRange.flatMap { (200...299).contains($0.lowerBound) ? (response, $0.lowerBound) : nil }
        }
        if let best = successes.min(by: { $0.1 < $1.1 }) { return best.0 }
        return responses.first { $0.status == "default" } ?? responses.first
    }

    /// The documented response for an actual status: the exact code, else its range (`4XX`),
    /// else `default`; `nil` when the status is undocumented.
    public func response(forStatus status: Int) -> OpenAPIResponse? {
        responses.first { $0.status == String(status) }
            ?? responses.first { $0.status.uppercased() == "\(status / 100)XX" }
            ?? responses.first { $0.status == "default" }
    }

    /// Whether a request path (no query) fits ``mountedPath``, ignoring parameter types.
    public func matchesPath(_ path: String) -> Bool { pathValues(path) != nil }

    /// The path parameters of a request path that fits ``mountedPath``, percent-decoded.
    func pathValues(_ path: String) -> [String: String]? {
        guard !basePath.isEmpty else { return template.match(path) }
        guard path.hasPrefix(basePath) else { return nil }
        let rest = path.dropFirst(basePath.count)
        return template.match(rest.isEmpty ? "/" : String(rest))
    }

    /// How many literal characters the template has: a concrete path (`/pets/mine`) wins over a
    /// templated one (`/pets/{id}`) when both fit, as the OpenAPI specification asks.
    var specificity: Int { path.split(separator: "/").filter { !$0.contains("{") }.count }
}

/// A parameter of an operation.
public struct OpenAPIParameter: Sendable {
    /// Where the parameter travels.
    public enum Location: String, Sendable, Hashable {
        /// A `{name}` in the path template.
        case path
        /// A query parameter.
        case query
        /// A request header.
        case header
        /// A cookie.
        case cookie
    }

    /// The name.
    public let name: String
    /// Where it travels.
    public let location: Location
    /// Whether requests must carry it (path parameters always must).
    public let required: Bool
    /// Its schema, when the document gives one.
    public let schema: OpenAPISchema?
    /// How the value is written, as the document says or by default: `form` for query and cookie
    /// parameters, `simple` for path and header ones; also `deepObject` (`?filter[status]=sold`),
    /// `spaceDelimited`, `pipeDelimited`, `label`, `matrix`.
    public let style: String
    /// Whether an array is written as repeated parameters (`?tag=a&tag=b`, the default for
    /// query parameters) rather than comma-separated (`?tag=a,b`), and an object as one
    /// parameter per property (`?status=sold&limit=5`) rather than `?filter=status,sold,limit,5`.
    public let explode: Bool
}

/// The request body of an operation.
public struct OpenAPIRequestBody: Sendable {
    /// Whether requests must carry a body.
    public let required: Bool
    /// The accepted media types in document order.
    public let content: [OpenAPIMediaType]
}

/// One documented response.
public struct OpenAPIResponse: Sendable {
    /// The status key as written: `200`, `4XX` or `default`.
    public let status: String
    /// The response's media types in document order; empty for a response with no body.
    public let content: [OpenAPIMediaType]
    /// The headers the response documents (as header parameters: name, whether required, schema).
    public let headers: [OpenAPIParameter]
    /// The `example` of each documented header that has one, by name.
    let headerExamples: [String: JSONValue]

    /// The names of the headers the response documents.
    public var headerNames: [String] { headers.map(\.name) }

    /// The status codes the key covers (`4XX` covers 400...499); `nil` for `default`.
    public var statusRange: ClosedRange<Int>? {
        if let code = Int(status) { return code...code }
        if status.count == 3, status.uppercased().hasSuffix("XX"), let hundreds = Int(status.prefix(1)) {
            return (hundreds * 100)...(hundreds * 100 + 99)
        }
        return nil
    }

    /// The status to answer with: the code itself, the first of a range, 200 for `default`.
    public var representativeStatus: Int { statusRange?.lowerBound ?? 200 }

    /// The media type for a `Content-Type` value (parameters ignored, `application/*` and
    /// `*/*` ranges allowed), or `nil` when the response does not document it.
    public func mediaType(for contentType: String) -> OpenAPIMediaType? {
        OpenAPIMediaType.best(in: content, for: contentType)
    }
}

/// A media type of a request body or response, with its schema and examples.
public struct OpenAPIMediaType: Sendable {
    /// The media type as written: `application/json`, `text/*`…
    public let contentType: String
    /// The schema, when the document gives one.
    public let schema: OpenAPISchema?
    /// The media type's `example`, when it has one.
    public let example: JSONValue?
    /// The named `examples` in document order (ones with only an `externalValue` are left out).
    public let examples: [(name: String, value: JSONValue)]

    /// Whether the media type is JSON (`application/json`, `application/problem+json`…).
    public var isJSON: Bool {
        let type = Self.essence(contentType)
        return type == "application/json" || type.hasSuffix("+json")
    }

    /// The type and subtype, lowercased, without parameters.
    static func essence(_ contentType: String) -> String {
        let bytes = contentType.utf8
        guard bytes.isASCII else {
            return String(contentType.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        }
        // ASCII (every request's Accept and Content-Type, on the serving path): no Foundation.
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        var start = bytes.startIndex
        while start < end, isBlank(bytes[start]) { start = bytes.index(after: start) }
        while end > start, isBlank(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        let type = contentType[start..<end]
        return type.lowercased()
    }

    /// The entry of `content` that documents `contentType`: an exact match first, then a range.
    static func best(in content: [OpenAPIMediaType], for contentType: String) -> OpenAPIMediaType? {
        let actual = essence(contentType)
        if let exact = content.first(where: { essence($0.contentType) == actual }) { return exact }
        let major = actual.split(separator: "/").first.map(String.init) ?? actual
        return content.first { essence($0.contentType) == "\(major)/*" } ?? content.first { essence($0.contentType) == "*/*" }
    }
}
