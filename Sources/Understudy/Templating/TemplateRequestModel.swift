import Foundation
import UnderstudySupport
import UnderstudyTemplating

/// The `request` object templates see, as WireMock builds it: `url`, `path` (printable, with
/// `.[n]` segments and named `urlPathTemplate` parameters), `pathSegments`, `query`, `method`,
/// `host`, `port`, `scheme`, `baseUrl`, `headers` (names ignore case), `cookies`, `body`,
/// `bodyAsBase64`, `id` and `clientIp`.
///
/// Built field by field, only as far as the templates rendered so far read it (see
/// ``TemplateRequestFields``): the members are always in the order above, so a template that
/// sees the whole object sees the same object whichever fields were built before it.
struct TemplateRequestModel {
    /// A member of the object, in the object's order.
    enum Field: Int, CaseIterable, Sendable {
        case id, url, path, pathSegments, method, scheme, host, port, baseUrl, query, headers, cookies, body, bodyAsBase64, clientIp

        /// The member's name.
        var name: String { Self.names[rawValue] }

        private static let names = allCases.map { "\($0)" }
    }

    private let request: RecordedRequest
    /// The matched stub's URL pattern, for `urlPathTemplate` parameters.
    private let urlPattern: URLPattern?
    /// The fields built so far.
    private(set) var fields: TemplateRequestFields = []
    /// The members built so far, in the object's order.
    private var object = TemplateValue.JSONObjectValue()
    /// The object holding the fields built so far.
    var value: TemplateValue { .object(object) }
    private var segments: [TemplateValue]?

    /// - Parameter urlPattern: the matched stub's URL, whose `urlPathTemplate` names path parameters.
    init(_ request: RecordedRequest, urlPattern: URLPattern?) {
        self.request = request
        self.urlPattern = urlPattern
    }

    /// Builds the fields in `wanted` not built yet; returns whether ``value`` changed.
    @discardableResult
    mutating func include(_ wanted: TemplateRequestFields) -> Bool {
        guard !fields.isSuperset(of: wanted) else { return false }
        let built = object
        fields.formUnion(wanted)
        object = TemplateValue.JSONObjectValue(capacity: fields.count)
        for field in Field.allCases where fields.contains(field) {
            object.append(field.name, built[field.name] ?? make(field))
        }
        return true
    }

    private mutating func make(_ field: Field) -> TemplateValue {
        switch field {
        case .id: return .string(request.id.uuidString.lowercased())
        case .url: return .string(request.url)
        case .path:
            let parameters = (urlPattern?.pathVariables(request.path) ?? [:]).mapValues(TemplateValue.string)
            return .composite(text: request.path, items: pathSegments(), members: parameters)
        case .pathSegments: return .list(pathSegments())
        case .method: return .string(request.method.rawValue)
        case .scheme: return .string(request.scheme)
        case .host: return .string(request.host)
        case .port: return .integer(request.port)
        case .baseUrl: return .string(request.baseURL)
        case .query: return TemplateValue.grouped(request.queryItems.map { ($0.name, $0.value ?? "") }, ignoringCase: false)
        case .headers: return TemplateValue.grouped(request.headers.map { ($0.name, $0.value) }, ignoringCase: true)
        case .cookies: return TemplateValue.grouped(request.cookies.map { ($0.name, $0.value) }, ignoringCase: false)
        case .body: return .string(request.bodyText)
        case .bodyAsBase64: return .string(request.body.base64EncodedString())
        case .clientIp: return .string(request.clientIP)
        }
    }

    private mutating func pathSegments() -> [TemplateValue] {
        if let segments { return segments }
        let made = Self.segments(of: request.path)
        segments = made
        return made
    }

    /// The path's non-empty segments between `/`s, percent-decoded.
    private static func segments(of path: String) -> [TemplateValue] {
        func decoded(_ segment: Substring) -> TemplateValue {
            // A segment without `%` decodes to itself; Foundation's decoder is slow on Linux.
            guard segment.utf8.contains(UInt8(ascii: "%")) else { return .string(String(segment)) }
            return .string(segment.removingPercentEncoding ?? String(segment))
        }
        let bytes = path.utf8
        // An ASCII path splits byte by byte, the same as by characters and much faster.
        guard bytes.isASCII else { return path.split(separator: "/", omittingEmptySubsequences: true).map(decoded) }
        var segments: [TemplateValue] = []
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "/") {
                if start != index { segments.append(decoded(path[start..<index])) }
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if start != bytes.endIndex { segments.append(decoded(path[start...])) }
        return segments
    }
}
