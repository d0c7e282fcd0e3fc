import Foundation
import UnderstudySupport

extension TemplateRenderer {
    static let encodingHelperNames: Set<String> = ["base64", "urlEncode", "formData", "regexExtract"]

    /// Base64, URL encoding, form bodies and regex extraction.
    mutating func encodingHelper(_ name: String, _ arguments: Arguments) throws -> TemplateValue? {
        let text = arguments[0].text
        switch name {
        case "base64":
            if arguments.bool("decode") {
                guard let data = Data(base64Encoded: Self.padded(text), options: .ignoreUnknownCharacters) else {
                    throw HelperFailure("\"\(text)\" is not base64")
                }
                return .string(String(decoding: data, as: UTF8.self))
            }
            var encoded = Data(text.utf8).base64EncodedString()
            if arguments.hash["padding"] == .bool(false) { encoded = String(encoded.reversed().drop { $0 == "=" }.reversed()) }
            return .string(encoded)
        case "urlEncode":
            if arguments.bool("decode") {
                return .string(PercentEncoding.decode(text, plusAsSpace: true))
            }
            return .string(Self.formEncode(text))
        case "formData":
            // Decoded as query strings and form bodies are everywhere else, or split as written.
            let decodes = arguments.bool("urlDecode")
            let fields: [(String, String)] = text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
                let pieces = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let (name, value) = (String(pieces[0]), pieces.count > 1 ? String(pieces[1]) : "")
                return decodes ? (PercentEncoding.decode(name, plusAsSpace: true), PercentEncoding.decode(value, plusAsSpace: true)) : (name, value)
            }
            let form = TemplateValue.grouped(fields, ignoringCase: false)
            if arguments.params.count > 1 {
                variables[arguments[1].text] = form
                return .string("")
            }
            return form
        case "regexExtract":
            let regex = try TemplateRegex(arguments[1].text)
            guard let groups = try regex.firstMatch(text) else {
                if let fallback = arguments.hash["default"] { return fallback }
                throw HelperFailure("nothing in the text matches \"\(arguments[1].text)\"; give default='...' for that case")
            }
            if arguments.params.count > 2 {
                variables[arguments[2].text] = .list(groups.dropFirst().map(TemplateValue.string))
                return .string("")
            }
            return .string(groups[0])
        default:
            return nil
        }
    }

    /// Like Java's `URLEncoder`: letters, digits and `.-*_` stay, spaces become `+`.
    private static func formEncode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "_"):
                result.append(Character(UnicodeScalar(byte)))
            case UInt8(ascii: " "):
                result.append("+")
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    private static func padded(_ text: String) -> String {
        let remainder = text.count % 4
        return remainder == 0 ? text : text + String(repeating: "=", count: 4 - remainder)
    }
}
