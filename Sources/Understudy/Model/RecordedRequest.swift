public import UnderstudyHTTPParsing
public import Foundation
public import UnderstudyClient
import UnderstudySupport

/// One HTTP request as a transport received it: the value every matcher, the journal
/// and near-miss reports work on.
public struct RecordedRequest: Sendable, Identifiable, CustomStringConvertible {
    /// A name/value pair from the `Cookie` header.
    public struct Cookie: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields, in one box shared by copies until one of them changes a field (copy on
    /// write): a request is copied into the journal, the served event and the closures of the
    /// transports, and copying a dozen fields (each string and array retained) cost the serve
    /// path more than matching did.
    ///
    /// `@unchecked Sendable` is safe: a box is changed only through ``uniqueStorage``, which
    /// first copies it unless this request holds the only reference, so a box another request
    /// (or thread) can see is never written; every field's type is `Sendable`.
    ///
    /// For the same reason no access to a field can overlap a write to it, so the run-time
    /// exclusivity check (a thread-local access set entered and left on each read) is off.
    private final class Storage: @unchecked Sendable {
        let id: UUID
        @exclusivity(unchecked) var method: HTTPMethod
        @exclusivity(unchecked) var scheme: String
        @exclusivity(unchecked) var host: String
        @exclusivity(unchecked) var port: Int
        @exclusivity(unchecked) var path: String
        @exclusivity(unchecked) var rawQuery: String?
        @exclusivity(unchecked) var headers: HTTPHeaders
        @exclusivity(unchecked) var body: Data
        @exclusivity(unchecked) var clientAddress: String
        @exclusivity(unchecked) var timestamp: Date
        @exclusivity(unchecked) var operationId: String?
        @exclusivity(unchecked) var protocolVersion: String?

        init(id: UUID, method: HTTPMethod, scheme: String, host: String, port: Int, path: String, rawQuery: String?,
             headers: HTTPHeaders, body: Data, clientAddress: String, timestamp: Date, operationId: String?, protocolVersion: String?) {
            self.id = id
            self.method = method
            self.scheme = scheme
            self.host = host
            self.port = port
            self.path = path
            self.rawQuery = rawQuery
            self.headers = headers
            self.body = body
            self.clientAddress = clientAddress
            self.timestamp = timestamp
            self.operationId = operationId
            self.protocolVersion = protocolVersion
        }

        func copy() -> Storage {
            Storage(id: id, method: method, scheme: scheme, host: host, port: port, path: path, rawQuery: rawQuery, headers: headers,
                    body: body, clientAddress: clientAddress, timestamp: timestamp, operationId: operationId, protocolVersion: protocolVersion)
        }
    }

    private var storage: Storage

    /// The box, copied first when another request shares it.
    private var uniqueStorage: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// Unique id of this request in the journal.
    public var id: UUID { storage.id }
    /// The request method, for example `GET`.
    public var method: HTTPMethod {
        get { storage.method }
        set { uniqueStorage.method = newValue }
    }
    /// `http` or `https`.
    public var scheme: String {
        get { storage.scheme }
        set { uniqueStorage.scheme = newValue }
    }
    /// The host the request was addressed to (from the URL or the `Host` header).
    public var host: String {
        get { storage.host }
        set { uniqueStorage.host = newValue }
    }
    /// The port the request was addressed to.
    public var port: Int {
        get { storage.port }
        set { uniqueStorage.port = newValue }
    }
    /// The path exactly as received, still percent-encoded, for example `/users/42`.
    public var path: String {
        get { storage.path }
        set { uniqueStorage.path = newValue }
    }
    /// The raw query string without `?`, or `nil` when the URL has none.
    public var rawQuery: String? {
        get { storage.rawQuery }
        set { uniqueStorage.rawQuery = newValue }
    }
    /// The header fields in the order received.
    public var headers: HTTPHeaders {
        get { storage.headers }
        _modify { yield &uniqueStorage.headers }
    }
    /// The body bytes (empty when there is none).
    public var body: Data {
        get { storage.body }
        _modify { yield &uniqueStorage.body }
    }
    /// The address of the client, for example `127.0.0.1:51234`, or `in-process`.
    public var clientAddress: String {
        get { storage.clientAddress }
        set { uniqueStorage.clientAddress = newValue }
    }
    /// When the request was received.
    public var timestamp: Date {
        get { storage.timestamp }
        set { uniqueStorage.timestamp = newValue }
    }
    /// The OpenAPI operation the request was sent for (`getPetById`), when the transport knows
    /// it: the OpenAPI client transport records the generated client's `operationID`. Stubs and
    /// verification can match on it with `RequestPattern.operation(_:)`; `nil` for requests
    /// that came with no operation, such as those a socket received.
    public var operationId: String? {
        get { storage.operationId }
        set { uniqueStorage.operationId = newValue }
    }
    /// The HTTP version a socket received the request over (`HTTP/1.1`, `HTTP/2.0`), which
    /// the admin API logs as WireMock's `protocol`; `nil` for requests made in process.
    public var protocolVersion: String? {
        get { storage.protocolVersion }
        set { uniqueStorage.protocolVersion = newValue }
    }

    /// Creates a request from an absolute (`http://host:port/p?q`) or origin-form (`/p?q`) URL.
    /// For origin-form URLs the host comes from the `Host` header, else `localhost`.
    /// `protocolVersion` is the HTTP version a socket received it over (`nil` in process).
    public init(
        id: UUID = .random(),
        method: HTTPMethod,
        url: String,
        headers: HTTPHeaders = [:],
        body: Data = Data(),
        clientAddress: String = "in-process",
        timestamp: Date = Date(),
        operationId: String? = nil,
        protocolVersion: String? = nil
    ) {
        self.init(id: id, method: method, url: url, hostHeader: headers["Host"], headers: headers, body: body,
                  clientAddress: clientAddress, timestamp: timestamp, operationId: operationId, protocolVersion: protocolVersion)
    }

    /// A request whose `Host` header (`hostHeader`, the value in `headers`) the caller has
    /// already looked up: a server finds it once per request.
    package init(id: UUID, method: HTTPMethod, url: String, hostHeader: String?, headers: HTTPHeaders, body: Data,
                 clientAddress: String, timestamp: Date = Date(), operationId: String? = nil, protocolVersion: String?) {
        let parts = URLParts(url, hostHeader: hostHeader)
        storage = Storage(id: id, method: method, scheme: parts.scheme, host: parts.host, port: parts.port, path: parts.path,
                          rawQuery: parts.query, headers: headers, body: body, clientAddress: clientAddress, timestamp: timestamp,
                          operationId: operationId, protocolVersion: protocolVersion)
    }

    /// Path and query as received, WireMock's `url`: `/users?page=2`.
    public var url: String {
        guard let rawQuery else { return path }
        return path + "?" + rawQuery
    }

    /// Scheme, host and port (left out when it is the scheme's default), WireMock's `baseUrl`:
    /// `http://localhost:8080`.
    public var baseURL: String {
        let defaultPort = (scheme == "https" && port == 443) || (scheme == "http" && port == 80)
        return "\(scheme)://\(host)\(defaultPort ? "" : ":\(port)")"
    }

    /// The absolute URL: `http://localhost:8080/users?page=2`.
    public var absoluteURL: String { baseURL + url }

    /// The client's address without its port, WireMock's `clientIp`: `127.0.0.1` from
    /// `127.0.0.1:51234`, `::1` from `[::1]:8080`; other values (`in-process`) as they are.
    public var clientIP: String {
        let address = clientAddress
        if address.hasPrefix("["), let close = address.firstIndex(of: "]") {
            return String(address[address.index(after: address.startIndex)..<close])
        }
        guard let colon = address.lastIndex(of: ":") else { return address }
        let port = address[address.index(after: colon)...]
        guard !port.isEmpty, port.allSatisfy(\.isNumber) else { return address }
        return String(address[..<colon])
    }

    /// Query parameters, percent-decoded, multi-valued and in order.
    public var queryItems: [QueryItem] { rawQuery.map(QueryString.parse) ?? [] }

    /// All values of the named query parameter, in order.
    public func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.name == name }.compactMap(\.value)
    }

    /// Cookies from every `Cookie` header, in order.
    public var cookies: [Cookie] {
        CookieHeader.parse(headers.values(for: "Cookie")).map { Cookie(name: $0.name, value: $0.value) }
    }

    /// The body decoded as UTF-8 (invalid sequences replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// `GET /users?page=2`, or `GET /pets/42 (operation getPetById)` when the request carries
    /// an ``operationId``.
    public var description: String {
        guard let operationId else { return "\(method) \(url)" }
        return "\(method) \(url) (operation \(operationId))"
    }
}
