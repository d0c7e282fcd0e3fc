import Foundation
import Understudy

/// What a request's `Prefer` header asks of a spec-generated stub, in Prism's convention:
/// `Prefer: code=404` picks another documented response, `example=notFound` a named example,
/// both together the example of that response; `dynamic=true` a body generated from the schema
/// anew for each call instead of the example.
struct OpenAPIPreference: Sendable, Hashable {
    /// The status asked for, as written (`404`; `abc` is refused when answering).
    var code: String?
    var example: String?
    var dynamic = false

    /// The preference of a request; empty when it sends no `Prefer` header or none of ours.
    init(request: RecordedRequest) {
        for header in request.headers.values(for: "Prefer") {
            for part in header.split(whereSeparator: { $0 == "," || $0 == ";" }) {
                let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { continue }
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                switch pair[0].lowercased() {
                case "code": code = value
                case "example": example = value
                case "dynamic": dynamic = value.lowercased() == "true"
                default: break
                }
            }
        }
    }
}
