/// A string in double quotes with quotes, backslashes and control characters escaped, as a
/// JSON string is written.
package func quoted(_ value: String) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(value.utf8.count + 2)
    appendQuoted(value, to: &output)
    return String(decoding: output, as: UTF8.self)
}

/// Appends `value` as UTF-8 in double quotes, escaping `"`, `\` and control characters (`\n`,
/// `\t`, `\r`, `\b`, `\f`, others as `\u00XX`); `/` and non-ASCII characters as they are.
package func appendQuoted(_ value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
        switch byte {
        case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
        case UInt8(ascii: "\n"): output.append(contentsOf: #"\n"#.utf8)
        case UInt8(ascii: "\r"): output.append(contentsOf: #"\r"#.utf8)
        case UInt8(ascii: "\t"): output.append(contentsOf: #"\t"#.utf8)
        case 0x08: output.append(contentsOf: #"\b"#.utf8)
        case 0x0C: output.append(contentsOf: #"\f"#.utf8)
        case 0x00 ..< 0x20:
            output.append(contentsOf: #"\u00"#.utf8)
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0x0F)])
        default: output.append(byte)
        }
    }
    output.append(UInt8(ascii: "\""))
}

private let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
