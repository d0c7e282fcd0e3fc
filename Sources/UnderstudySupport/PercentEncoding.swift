import Foundation

/// Decodes `%XX` escapes (and optionally `+`) in URL components and form bodies.
///
/// Escapes are decoded to bytes and the bytes are read as UTF-8, so `%E2%82%AC` becomes `€`.
/// A `%` that is not followed by two hex digits is kept literally, and byte sequences that
/// are not valid UTF-8 become U+FFFD. Decoding never fails.
package enum PercentEncoding {
    /// Decodes `s`; when `plusAsSpace` is true a literal `+` becomes a space (form and query encoding).
    package static func decode(_ s: String, plusAsSpace: Bool) -> String {
        let utf8 = s.utf8
        let percent = UInt8(ascii: "%")
        let plus = UInt8(ascii: "+")
        guard utf8.contains(where: { $0 == percent || (plusAsSpace && $0 == plus) }) else { return s }
        return String(decoding: decode(bytes: Array(utf8), plusAsSpace: plusAsSpace), as: UTF8.self)
    }

    /// Decodes raw bytes; the result is the decoded byte sequence, not yet read as text.
    package static func decode(bytes: [UInt8], plusAsSpace: Bool) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return result
    }

    /// The value of one ASCII hex digit, or `nil`.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
