import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The baseline of the suite cycle: the `URLProtocol` subclass a test author writes by hand,
/// answering every request with the same canned body from static data.
final class CannedURLProtocol: URLProtocol {
    static let body = Data("hello".utf8)

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1",
                                       headerFields: ["Content-Type": "text/plain"])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Self.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
