package import Foundation

/// Parses an `application/x-www-form-urlencoded` request body with the same rules as ``QueryString``.
package enum FormURLEncoded {
    /// The fields of a form body, in order, repeated names kept. Bytes that are not UTF-8 become U+FFFD.
    package static func parse(_ body: Data) -> [QueryItem] {
        guard !body.isEmpty else { return [] }
        return QueryString.parse(String(decoding: body, as: UTF8.self))
    }
}
