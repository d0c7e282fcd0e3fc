import Foundation
import UnderstudySupport

extension TemplateRenderer {
    static let randomHelperNames: Set<String> = ["randomValue", "randomInt", "randomDecimal", "pickRandom"]

    /// Random values from the renderer's generator (seeded when the mock is).
    mutating func randomHelper(_ name: String, _ arguments: Arguments) throws -> TemplateValue? {
        switch name {
        case "randomValue":
            let type = (arguments.string("type") ?? "ALPHANUMERIC").uppercased()
            if type == "UUID" { return .string(UUID.version4(using: &generator).uuidString.lowercased()) }
            let length = arguments.hash["length"]?.integer ?? 36
            guard length >= 0, length <= Self.maxItems else { throw HelperFailure("length must be from 0 to \(Self.maxItems)") }
            let alphabet: [Character]
            switch type {
            case "ALPHANUMERIC": alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
            case "ALPHABETIC": alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
            case "NUMERIC": alphabet = Array("0123456789")
            case "HEXADECIMAL": alphabet = Array("0123456789abcdef")
            case "ALPHANUMERIC_AND_SYMBOLS": alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!\"#$%&'()*+,-./:;<=>?@[]^_`{|}~")
            default:
                throw HelperFailure("unknown type \"\(type)\"; use ALPHANUMERIC, ALPHABETIC, NUMERIC, HEXADECIMAL, ALPHANUMERIC_AND_SYMBOLS or UUID")
            }
            var text = String((0..<length).map { _ in alphabet[Int(generator.next(below: UInt64(alphabet.count)))] })
            if arguments.bool("uppercase") { text = text.uppercased() }
            return .string(text)
        case "randomInt":
            // As WireMock: lower included, upper excluded, defaulting to the whole Int32 range.
            let lower = arguments.hash["lower"]?.integer ?? Int(Int32.min)
            let upper = arguments.hash["upper"]?.integer ?? Int(Int32.max)
            guard upper > lower else { throw HelperFailure("upper (\(upper)) must be above lower (\(lower)); upper is excluded") }
            let span = UInt64(bitPattern: Int64(upper &- lower))
            return .integer(lower &+ Int(truncatingIfNeeded: generator.next(below: span)))
        case "randomDecimal":
            let lower = arguments.hash["lower"]?.number ?? -Double(Int32.max)
            let upper = arguments.hash["upper"]?.number ?? Double(Int32.max)
            guard upper > lower else { throw HelperFailure("upper (\(upper)) must be above lower (\(lower))") }
            let unit = Double(generator.next() >> 11) / Double(1 << 53)
            return .decimal(lower + (upper - lower) * unit)
        case "pickRandom":
            // PickRandomHelper: one of the values (or of a list's items); count=n picks n
            // different ones as a list.
            var choices = arguments.params.count == 1 ? arguments[0].items : arguments.params
            guard !choices.isEmpty else { throw HelperFailure("takes the values to pick from, or a list") }
            if let count = arguments.hash["count"]?.integer, count > 0 {
                let picked = min(count, choices.count)
                for index in 0..<picked {
                    choices.swapAt(index, index + Int(generator.next(below: UInt64(choices.count - index))))
                }
                return .list(Array(choices.prefix(picked)))
            }
            return choices[Int(generator.next(below: UInt64(choices.count)))]
        default:
            return nil
        }
    }
}
