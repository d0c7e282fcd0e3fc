import Foundation

/// Builds and reads HTTP Basic `Authorization` header values (RFC 7617).
package enum BasicAuthorization {
    /// `Basic ` followed by the base64 of `username:password` in UTF-8.
    package static func headerValue(username: String, password: String) -> String {
        "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }

    /// The credentials in a `Basic` header value, or `nil` when it is another scheme or malformed.
    ///
    /// The scheme is case-insensitive, missing base64 padding is tolerated, and the password
    /// is everything after the first `:` (so it may itself contain colons). Credentials that
    /// are not valid UTF-8 are read as ISO-8859-1, which older clients send.
    package static func decode(_ headerValue: String) -> (username: String, password: String)? {
        let trimmed = headerValue.trimmingCharacters(in: .whitespaces)
        guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }),
              trimmed[..<space].lowercased() == "basic"
        else { return nil }
        var encoded = trimmed[space...].trimmingCharacters(in: .whitespaces)
        guard !encoded.isEmpty else { return nil }
        let remainder = encoded.utf8.count % 4
        if remainder != 0 { encoded += String(repeating: "=", count: 4 - remainder) }
        guard let data = Data(base64Encoded: encoded),
              let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1),
              let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }
}
