import Foundation
import Testing
@testable import Understudy

/// The parts of a request WireMock reports as `baseUrl` and `clientIp` (admin JSON and templates).
struct RecordedRequestAddressTests {
    @Test(arguments: [
        ("127.0.0.1:51234", "127.0.0.1"), ("[::1]:8080", "::1"), ("in-process", "in-process"), ("har", "har"),
    ])
    func clientIPDropsThePort(address: String, ip: String) {
        #expect(RecordedRequest(method: .get, url: "/", clientAddress: address).clientIP == ip)
    }

    @Test func baseURLLeavesOutTheDefaultPort() {
        var request = RecordedRequest(method: .get, url: "/users?page=2")
        request.scheme = "https"
        request.host = "api.example.com"
        request.port = 443
        #expect(request.baseURL == "https://api.example.com")
        #expect(request.absoluteURL == "https://api.example.com/users?page=2")
        request.port = 8443
        #expect(request.baseURL == "https://api.example.com:8443")
    }
}
