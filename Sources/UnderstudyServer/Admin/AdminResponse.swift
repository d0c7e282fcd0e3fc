import Understudy

/// The answers admin endpoints give, shaped like WireMock's.
enum AdminResponse {
    /// A JSON document with `Content-Type: application/json`.
    static func json(_ value: JSONValue, status: Int = 200) -> ResponseDefinition {
        ResponseDefinition(status: status).json(value)
    }

    /// `200` with no body (WireMock's `ResponseDefinition.ok()`).
    static var ok: ResponseDefinition { ResponseDefinition(status: 200) }

    /// `200` with `{}` (WireMock's `okEmptyJson()`).
    static var emptyJSON: ResponseDefinition { json([:]) }
}
