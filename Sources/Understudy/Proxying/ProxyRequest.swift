package import Foundation
package import UnderstudyClient
import UnderstudySupport

/// The request a proxy stub (`proxyBaseUrl`) sends upstream, worked out from the request it
/// received: the URL is the base URL plus the request's path and query (less
/// `proxyUrlPrefixToRemove`), the headers are the client's minus hop-by-hop fields, `Host`
/// and `removeProxyRequestHeaders`, plus `additionalProxyRequestHeaders`.
///
/// Every transport forwards the same request, so a proxy stub behaves alike in-process and
/// on the loopback server.
package struct ProxyRequest: Sendable, Hashable {
    /// The upstream URL, for example `https://api.example.com/v1/users?page=2`.
    package var url: String
    /// The method, as received.
    package var method: HTTPMethod
    /// The headers sent upstream.
    package var headers: HTTPHeaders
    /// The body, as received.
    package var body: Data

    /// The forwarded request, or `nil` when `response` is not a proxy response.
    package init?(forwarding request: RecordedRequest, as response: ResponseDefinition) {
        guard let base = response.proxyBaseUrl else { return nil }
        var pathAndQuery = request.url
        if let prefix = response.proxyUrlPrefixToRemove, !prefix.isEmpty, pathAndQuery.hasPrefix(prefix) {
            pathAndQuery.removeFirst(prefix.count)
            if !pathAndQuery.hasPrefix("/"), !pathAndQuery.hasPrefix("?") { pathAndQuery = "/" + pathAndQuery }
        }
        url = (base.hasSuffix("/") ? String(base.dropLast()) : base) + pathAndQuery
        method = request.method
        body = request.body
        let removed = response.removeProxyRequestHeaders ?? []
        headers = HTTPHeaders(request.headers.filter { field in
            !Self.hopByHopHeaders.contains { $0.caseInsensitiveEquals(field.name) }
                && !removed.contains { $0.caseInsensitiveEquals(field.name) }
        })
        for field in response.additionalProxyRequestHeaders ?? [:] {
            headers.replaceOrAdd(name: field.name, value: field.value)
        }
    }

    /// What the client gets when forwarding fails: 504 when upstream was too slow, else 502,
    /// with a text body naming the stub, the upstream URL, the cause and the way out.
    /// - Parameters:
    ///   - stub: the stub's label, such as `"Get user" (id …)`.
    ///   - cause: what went wrong, as the HTTP client reported it.
    ///   - kind: why forwarding failed.
    package func failureResponse(stub: String, cause: String, kind: FailureKind) -> ResponseDefinition {
        let text: String
        let status: Int
        switch kind {
        case .timedOut(let limit):
            status = 504
            text = "Stub \(stub) proxies to \(url), which did not answer within \(limit) (\(cause)). Check that the upstream server is up, or raise the proxy timeout.\n"
        case .badURL:
            status = 502
            text = "Stub \(stub) proxies to \"\(url)\", which is not a URL this server can forward to (\(cause)). Give proxyBaseUrl as http://host:port or https://host.\n"
        case .unreachable:
            status = 502
            text = "Stub \(stub) proxies to \(url), which could not be reached: \(cause). Check that the upstream server is up and proxyBaseUrl is right.\n"
        }
        return ResponseDefinition(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .text(text))
    }

    /// Why forwarding a request failed.
    package enum FailureKind: Sendable, Hashable {
        /// Upstream did not answer within the limit.
        case timedOut(limit: Duration)
        /// The upstream URL cannot be requested.
        case badURL
        /// Upstream refused the connection, closed it early or could not be resolved.
        case unreachable
    }

    /// Fields that describe one connection, not the message, and are never forwarded
    /// (RFC 9110 §7.6.1), with `Host` (set from the upstream URL) and `Content-Length`
    /// (set from the body).
    package static let hopByHopHeaders = [
        "Connection", "Keep-Alive", "Proxy-Connection", "TE", "Trailer", "Transfer-Encoding", "Upgrade",
        "Host", "Content-Length",
    ]

    /// Whether a response header from upstream is passed back to the client: hop-by-hop
    /// fields are not (the server frames the body itself).
    package static func forwardsResponseHeader(_ name: String) -> Bool {
        !["Connection", "Keep-Alive", "Proxy-Connection", "TE", "Trailer", "Transfer-Encoding", "Upgrade"]
            .contains { $0.caseInsensitiveEquals(name) }
    }
}
