import Foundation
import Understudy
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Forwards a proxy stub's request upstream for the in-process transports, with a private
/// ephemeral `URLSession` that never follows redirects (the caller sees upstream's 3xx,
/// as through the loopback server). The body is read whole, so unlike the loopback server's
/// proxy it keeps no times of arrival, and a recorded stream becomes a plain body.
enum ProxyForwarder {
    /// How long upstream may take before the caller gets a 504.
    static let timeout: Duration = .seconds(30)

    /// Upstream's answer, or the 502/504 that ``ProxyRequest/failureResponse(stub:cause:kind:)`` describes.
    /// - Parameter label: the stub's ``StubMapping/label``, for error texts.
    static func forward(_ proxy: ProxyRequest, stub label: String) async -> ResponseDefinition {
        guard let url = URL(string: proxy.url), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            return proxy.failureResponse(stub: label, cause: "not an http or https URL", kind: .badURL)
        }
        var request = URLRequest(url: url)
        request.httpMethod = proxy.method.rawValue
        for field in proxy.headers { request.addValue(field.value, forHTTPHeaderField: field.name) }
        if !proxy.body.isEmpty { request.httpBody = proxy.body }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Double(timeout.components.seconds)
        let session = URLSession(configuration: configuration, delegate: RedirectRefuser(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else {
                return proxy.failureResponse(stub: label, cause: "the answer was not HTTP", kind: .unreachable)
            }
            var headers = HTTPHeaders()
            for (name, value) in http.allHeaderFields {
                guard let name = name as? String, let value = value as? String, ProxyRequest.forwardsResponseHeader(name) else { continue }
                headers.add(name: name, value: value)
            }
            return ResponseDefinition(status: http.statusCode, headers: headers, body: data.isEmpty ? .none : .binary(data))
        } catch let error as URLError where error.code == .timedOut {
            return proxy.failureResponse(stub: label, cause: "\(error.localizedDescription)", kind: .timedOut(limit: timeout))
        } catch {
            return proxy.failureResponse(stub: label, cause: "\(error.localizedDescription)", kind: .unreachable)
        }
    }
}

/// Refuses every redirect, so a proxied 3xx reaches the caller as it is.
private final class RedirectRefuser: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
