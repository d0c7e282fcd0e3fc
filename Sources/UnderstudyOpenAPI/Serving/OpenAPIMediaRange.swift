import Foundation

/// The media ranges of `Accept` headers (`text/csv, application/*;q=0.5`), in the order
/// written, without those of quality 0.
enum OpenAPIMediaRange {
    static func parse(_ headers: [String]) -> [String] {
        headers.flatMap { $0.split(separator: ",") }.compactMap { part in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let range = pieces.first, !range.isEmpty else { return nil }
            let refused = pieces.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "").hasPrefix("q=0") && Double($0.split(separator: "=").last ?? "") == 0 }
            return refused ? nil : range
        }
    }

    /// Whether one of the ranges accepts the content type (`nil`, no media type, is accepted).
    static func accepts(_ ranges: [String], _ contentType: String?) -> Bool {
        guard let contentType else { return true }
        let type = OpenAPIMediaType.essence(contentType)
        return ranges.contains { range in
            range == "*/*" || range == type || (range.hasSuffix("/*") && type.hasPrefix(range.dropLast()))
        }
    }
}
