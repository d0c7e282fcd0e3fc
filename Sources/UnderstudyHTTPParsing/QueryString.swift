import UnderstudySupport
/// Parses the query part of a URL (`a=1&b=x+y&a=2`) the way WireMock (Jetty) does.
///
/// - Parameters are split on `&`; empty segments (`a=1&&b=2`) are skipped.
/// - Each segment is split at its first `=`; `a` and `a=` both give the value `""`.
/// - Names and values are percent-decoded with `+` read as a space.
/// - Order and repeated names are kept.
package enum QueryString {
    /// The items of a raw (still encoded) query, without the leading `?`.
    package static func parse(_ rawQuery: String) -> [QueryItem] {
        rawQuery.split(separator: "&", omittingEmptySubsequences: true).map { segment in
            guard let equals = segment.firstIndex(of: "=") else {
                return QueryItem(name: decode(segment), value: "")
            }
            return QueryItem(
                name: decode(segment[..<equals]),
                value: decode(segment[segment.index(after: equals)...])
            )
        }
    }

    /// Percent-decodes one name or value, `+` as space.
    private static func decode(_ part: Substring) -> String {
        PercentEncoding.decode(String(part), plusAsSpace: true)
    }
}
