/// Why a request matched no stub: the closest stubs, nearest first, each with a
/// field-by-field comparison. Its ``text`` is the body of the 404 the mock answers with.
public struct NearMissReport: Sendable, CustomStringConvertible {
    /// The request that matched nothing.
    public let request: RecordedRequest
    /// The closest stubs, nearest first (at most three by default).
    public let nearMisses: [NearMiss]
    /// How many stubs the mock had.
    public let stubCount: Int
    /// What the report tells the reader to do when the mock has no stubs
    /// (``HTTPMock/Configuration/noStubsHint``).
    public internal(set) var noStubsHint = HTTPMock.Configuration().noStubsHint

    /// The report as deterministic plain text (the first line names the request's OpenAPI
    /// operation, `No stub matched GET /pets/43 (operation getPetById)`, when it has one):
    /// ```
    /// No stub matched GET /users/43
    ///
    /// Nearest stub 1 of 1: "Get user" (id 0b0b…), distance 0.09
    ///   ✓ method: GET
    ///   ✗ urlPath: expected "/users/42", got "/users/43"
    /// ```
    public var text: String {
        // `GET /pets/43 (operation getPetById)` when an OpenAPI client sent it.
        var lines = ["No stub matched \(request)"]
        if stubCount == 0 {
            lines += ["", "The mock has no stubs. \(noStubsHint)"]
            return lines.joined(separator: "\n") + "\n"
        }
        for (position, nearMiss) in nearMisses.enumerated() {
            lines.append("")
            let label = nearMiss.stub?.label ?? "request pattern"
            lines.append("Nearest stub \(position + 1) of \(nearMisses.count): \(label), distance \(nearMiss.distanceText)")
            lines += nearMiss.comparisonLines
        }
        if stubCount > nearMisses.count {
            lines += ["", "\(stubCount - nearMisses.count) more stub(s) were further away."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public var description: String { text }
}
