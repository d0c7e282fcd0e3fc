import Foundation

/// One media range of an `Accept` header (`application/*;q=0.5`) with its quality.
struct OpenAPIMediaRange: Equatable {
    /// The range, lowercased, without parameters: `text/csv`, `text/*` or `*/*`.
    let range: String
    /// The quality, 0 to 1 (1 when no `q` is given).
    let quality: Double

    /// The ranges of `Accept` headers in the order written, with their qualities (`q=0` kept:
    /// it refuses a type a wider range would accept).
    static func parse(_ headers: [String]) -> [OpenAPIMediaRange] {
        headers.flatMap { $0.split(separator: ",") }.compactMap { part in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let range = pieces.first, !range.isEmpty else { return nil }
            let quality = pieces.dropFirst().lazy.compactMap { piece -> Double? in
                let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return pair.count == 2 && pair[0] == "q" ? Double(pair[1]) : nil
            }.first ?? 1
            return OpenAPIMediaRange(range: range, quality: min(max(quality, 0), 1))
        }
    }

    /// How much the ranges want a content type: the quality of the most specific range that
    /// covers it (`text/csv` before `text/*` before `*/*`), 0 when none does. A `nil` content
    /// type (no media type) is wanted fully.
    static func quality(of contentType: String?, in ranges: [OpenAPIMediaRange]) -> Double {
        guard let contentType else { return 1 }
        let type = OpenAPIMediaType.essence(contentType)
        let covering = ranges.compactMap { range -> (specificity: Int, quality: Double)? in
            if range.range == type { return (2, range.quality) }
            if range.range.hasSuffix("/*"), range.range != "*/*", type.hasPrefix(range.range.dropLast()) { return (1, range.quality) }
            if range.range == "*/*" { return (0, range.quality) }
            return nil
        }
        guard let most = covering.map(\.specificity).max() else { return 0 }
        return covering.filter { $0.specificity == most }.map(\.quality).max() ?? 0
    }
}
