import Foundation
import UnderstudyClient
import UnderstudyDoubles

/// Fetches a greeting the way an app's networking code does: a `URLRequest` sent through an
/// ``HTTPClient`` that is `URLSession.shared` in production, its `HTTPURLResponse` checked, and
/// the time it arrived read from an injected clock.
public struct GreetingService: Sendable {
    /// Why a greeting could not be had.
    public enum Failure: Error, Equatable {
        /// The response was not HTTP.
        case notHTTP
        /// The server answered with a status other than 200.
        case status(Int)
    }

    /// The API's root.
    public let baseURL: URL
    let client: any HTTPClient
    let clock: any DateProvider

    /// A service for `baseURL`, sending through `client` (the shared `URLSession` unless told
    /// otherwise) and timing with `clock`.
    public init(baseURL: URL, client: any HTTPClient = URLSession.shared, clock: any DateProvider = SystemDateProvider()) {
        self.baseURL = baseURL
        self.client = client
        self.clock = clock
    }

    /// `GET /greeting`, asking for text.
    public func request() -> URLRequest {
        var request = URLRequest(url: baseURL.appendingPathComponent("greeting"))
        request.httpMethod = "GET"
        request.setValue("text/plain", forHTTPHeaderField: "Accept")
        return request
    }

    /// The greeting and when it arrived; throws ``Failure`` for a response that is not a 200.
    public func greeting() async throws -> (text: String, receivedAt: Date) {
        let (data, response) = try await client.data(for: request())
        return (try Self.text(of: data, response: response), clock.now)
    }

    /// The same request sent straight through `session`, with no ``HTTPClient`` in between.
    public func greeting(through session: URLSession) async throws -> String {
        let (data, response) = try await session.data(for: request())
        return try Self.text(of: data, response: response)
    }

    static func text(of data: Data, response: URLResponse) throws -> String {
        guard let http = response as? HTTPURLResponse else { throw Failure.notHTTP }
        guard http.statusCode == 200 else { throw Failure.status(http.statusCode) }
        return String(decoding: data, as: UTF8.self)
    }
}
