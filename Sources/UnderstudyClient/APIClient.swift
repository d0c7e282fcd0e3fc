public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// A small typed networking layer on an ``HTTPClient``: builds requests from ``Endpoint``s,
/// sends JSON, decodes JSON (snake_case-ready, ISO 8601 dates), and turns failures into
/// ``APIError``s. On the test side, `withMocking(order:isolation:_:)` (from
/// `UnderstudyInProcess`) answers the calls made inside its scope with typed expectations instead.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "https://api.example.com")!)
/// let user = try await client.send(GetUser(id: 2))
/// ```
public final class APIClient: Sendable {
    /// Where endpoints without a base URL of their own go.
    public let baseURL: URL
    /// How requests are sent, unless ``withHTTPClient(_:isolation:operation:)`` overrides it.
    public let httpClient: any HTTPClient
    private let authTokenProvider: (@Sendable () async -> String?)?
    package let coders: Coders

    /// Creates a client.
    /// - Parameters:
    ///   - baseURL: the URL endpoint paths are resolved against.
    ///   - httpClient: how requests are sent; `URLSession.shared` by default.
    ///   - authTokenProvider: when it returns a token, requests carry `Authorization: Bearer <token>`.
    ///   - decoder: defaults to snake_case keys and ISO 8601 dates.
    ///   - encoder: defaults to snake_case keys and ISO 8601 dates.
    public init(
        baseURL: URL,
        httpClient: any HTTPClient = URLSession.shared,
        authTokenProvider: (@Sendable () async -> String?)? = nil,
        decoder: JSONDecoder = APIClient.defaultDecoder(),
        encoder: JSONEncoder = APIClient.defaultEncoder()
    ) {
        self.baseURL = baseURL
        self.httpClient = httpClient
        self.authTokenProvider = authTokenProvider
        self.coders = Coders(decoder: decoder, encoder: encoder)
    }

    /// snake_case keys, ISO 8601 dates.
    public static func defaultDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// snake_case keys, ISO 8601 dates, sorted keys (stable bodies).
    public static func defaultEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    // MARK: Calls

    /// Calls an endpoint that takes no input.
    @discardableResult
    public func send<E: Endpoint>(_ endpoint: E) async throws -> E.Output where E.Input == Nothing {
        try await send(endpoint, with: Nothing())
    }

    /// Calls an endpoint with its input. Failures are ``APIError``s (an expectation of a
    /// typed-mocking scope that throws a `URLError` fails the call with the same
    /// ``APIError/transport(_:)`` a real network failure would).
    @discardableResult
    public func send<E: Endpoint>(_ endpoint: E, with input: E.Input) async throws -> E.Output {
        if let mock = EndpointMockScope.answerer(for: self) {
            return try await reportingErrors { try await mock.answer(endpoint, input: input) }
        }
        let request = try await makeRequest(endpoint, input: input)
        let data = try await perform(request)
        return try decode(E.Output.self, from: data)
    }

    /// Downloads what an endpoint returns to a temporary file and returns its URL.
    public func download<E: Endpoint>(_ endpoint: E) async throws -> URL where E.Input == Nothing {
        let data: Data
        if let mock = EndpointMockScope.answerer(for: self) {
            data = try await reportingErrors { try await mock.answerDownload(endpoint) }
        } else {
            data = try await perform(try await makeRequest(endpoint, input: Nothing()))
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-download-\(UUID().uuidString)")
        try data.write(to: file, options: .atomic)
        return file
    }

    /// Calls an endpoint that answers with server-sent events and hands each event's data,
    /// decoded, as it arrives. A status outside 2xx fails the stream with the ``APIError`` a
    /// call would; so do transport failures, undecodable events and cancellation. The stream
    /// ends at the endpoint's ``EventStreamEndpoint/endMarker`` or when the server closes it;
    /// stopping the iteration cancels the request.
    public func events<E: EventStreamEndpoint>(_ endpoint: E, with input: E.Input) -> AsyncThrowingStream<E.Event, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var request = try await makeRequest(endpoint, input: input)
                    request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
                    let (body, response) = try await reportingErrors {
                        if let mock = EndpointMockScope.answerer(for: self) {
                            return try await mock.stream(endpoint, request: request)
                        }
                        return try await (HTTPClientOverride.current ?? httpClient).stream(for: request)
                    }
                    let status = (response as? HTTPURLResponse)?.statusCode ?? 200
                    guard (200..<300).contains(status) else {
                        let data = (try? await body.collect()) ?? Data()
                        throw status == 401 ? APIError.unauthorized(body: data) : APIError.status(status, body: data)
                    }
                    var parser = EventStreamParser()
                    try await reportingErrors {
                        for try await line in body.lines {
                            guard let received = parser.consume(line), endpoint.accepts(received) else { continue }
                            if let end = endpoint.endMarker, received.data == end { break }
                            continuation.yield(try decode(E.Event.self, from: Data(received.data.utf8)))
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// ``events(_:with:)`` for an endpoint that takes no input.
    public func events<E: EventStreamEndpoint>(_ endpoint: E) -> AsyncThrowingStream<E.Event, any Error> where E.Input == Nothing {
        events(endpoint, with: Nothing())
    }

    // MARK: Building and sending

    /// The `URLRequest` an endpoint and input produce: URL, method, JSON headers, body, Bearer token.
    public func makeRequest<E: Endpoint>(_ endpoint: E, input: E.Input) async throws -> URLRequest {
        let base = endpoint.baseURL ?? baseURL
        let joined = base.absoluteString.hasSuffix("/") && endpoint.path.hasPrefix("/")
            ? String(base.absoluteString.dropLast()) + endpoint.path : base.absoluteString + endpoint.path
        guard var components = URLComponents(string: joined) else { throw APIError.invalidURL(joined) }
        if !endpoint.queryItems.isEmpty { components.queryItems = (components.queryItems ?? []) + endpoint.queryItems }
        guard let url = components.url else { throw APIError.invalidURL(joined) }
        var request = URLRequest(url: url)
        request.httpMethod = endpoint.method.rawValue
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if !(input is Nothing) {
            do {
                request.httpBody = try coders.encode(input)
            } catch {
                throw APIError.encoding("\(error)")
            }
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token = await authTokenProvider?() {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        for (name, value) in endpoint.headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    private func perform(_ request: URLRequest) async throws -> Data {
        let (data, response) = try await reportingErrors { try await (HTTPClientOverride.current ?? httpClient).data(for: request) }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 200
        if status == 401 { throw APIError.unauthorized(body: data) }
        guard (200..<300).contains(status) else { throw APIError.status(status, body: data) }
        return data
    }

    /// Runs `body`, turning cancellation and `URLError`s into the ``APIError`` a caller sees.
    private func reportingErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw APIError.reported(error)
        }
    }

    private func decode<Output: Decodable>(_ type: Output.Type, from data: Data) throws -> Output {
        if let nothing = Nothing() as? Output { return nothing }
        do {
            return try coders.decode(type, from: data)
        } catch let error as DecodingError {
            throw APIError(decoding: error, type: "\(Output.self)")
        }
    }
}

/// The JSON coders of a client.
///
/// `@unchecked Sendable` is safe: the coders are configured once in `init` and never mutated
/// again; `encode`/`decode` on an unmodified `JSONEncoder`/`JSONDecoder` are safe to call
/// concurrently (both are `Sendable` in current Foundation).
package struct Coders: @unchecked Sendable {
    let decoder: JSONDecoder
    let encoder: JSONEncoder

    package func encode(_ value: some Encodable) throws -> Data { try encoder.encode(value) }
    package func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { try decoder.decode(type, from: data) }
}

extension APIError {
    init(decoding error: DecodingError, type: String) {
        let (context, reason): (DecodingError.Context, String) = switch error {
        case let .typeMismatch(expected, context): (context, "expected \(expected)")
        case let .valueNotFound(expected, context): (context, "missing \(expected) value")
        case let .keyNotFound(key, context): (context, "missing key \"\(key.stringValue)\"")
        case let .dataCorrupted(context): (context, context.debugDescription)
        @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
        }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        self = .decoding(type: type, codingPath: path.hasPrefix(".") ? String(path.dropFirst()) : path, reason: reason)
    }
}
