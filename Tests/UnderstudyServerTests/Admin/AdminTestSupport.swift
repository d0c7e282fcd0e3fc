import Foundation
import Understudy
@testable import UnderstudyServer

/// An admin API over a fresh mock (or the given one), with helpers to call it.
struct AdminHarness {
    let mock: HTTPMock
    let api: AdminAPI

    init(_ mock: HTTPMock = HTTPMock(), onShutdown: @escaping @Sendable () -> Void = {}) {
        self.mock = mock
        self.api = AdminAPI(mock: mock, requestShutdown: onShutdown)
    }

    /// Calls `method /__admin<path>` with an optional body.
    @discardableResult
    func call(_ method: HTTPMethod, _ path: String, _ body: String? = nil, headers: HTTPHeaders = [:]) -> ResponseDefinition {
        api.handle(RecordedRequest(method: method, url: "/__admin" + path, headers: headers, body: Data((body ?? "").utf8)))
    }
}

extension ResponseDefinition {
    /// The body as JSON (`.null` when there is none).
    var bodyJSON: JSONValue {
        switch body {
        case .json(let value): return value
        case .text(let text): return (try? JSONParser.parse(text)) ?? .string(text)
        default: return .null
        }
    }

    /// The body as text.
    var bodyText: String { String(decoding: body.inlineData ?? Data(), as: UTF8.self) }
}

extension JSONValue {
    /// Parses JSON text in tests (traps on bad test input).
    static func parse(_ text: String) -> JSONValue {
        do { return try JSONParser.parse(text) } catch { fatalError("bad test JSON: \(error)\n\(text)") }
    }
}

/// A request as the server would record it.
func recorded(_ method: HTTPMethod, _ url: String, headers: HTTPHeaders = [:], body: String = "",
              timestamp: Date = Date()) -> RecordedRequest {
    RecordedRequest(method: method, url: url, headers: headers, body: Data(body.utf8), clientAddress: "127.0.0.1:50000",
                    timestamp: timestamp)
}
