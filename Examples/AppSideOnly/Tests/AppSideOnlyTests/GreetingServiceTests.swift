import AppSideOnly
import Foundation
import Testing
import UnderstudyClient
import UnderstudyDoubles

/// An ``HTTPClient`` that answers every request with one status and body, and no network.
struct CannedClient: HTTPClient {
    let status: Int
    let body: String

    func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let response = HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "text/plain"])!
        return (Data(body.utf8), response)
    }
}

/// A clock that stands still.
struct StoppedClock: DateProvider {
    let now: Date
}

let baseURL = URL(string: "https://api.example.com")!

@Test func buildsTheRequest() {
    let request = GreetingService(baseURL: baseURL).request()
    #expect(request.url?.absoluteString == "https://api.example.com/greeting")
    #expect(request.httpMethod == "GET")
    #expect(request.value(forHTTPHeaderField: "Accept") == "text/plain")
}

@Test func readsTheGreetingAndItsTime() async throws {
    let instant = Date(timeIntervalSince1970: 1_700_000_000)
    let service = GreetingService(baseURL: baseURL, client: CannedClient(status: 200, body: "hello"), clock: StoppedClock(now: instant))
    let greeting = try await service.greeting()
    #expect(greeting.text == "hello")
    #expect(greeting.receivedAt == instant)
}

@Test func refusesAnotherStatus() async {
    let service = GreetingService(baseURL: baseURL, client: CannedClient(status: 503, body: "later"))
    await #expect(throws: GreetingService.Failure.status(503)) { try await service.greeting() }
}
