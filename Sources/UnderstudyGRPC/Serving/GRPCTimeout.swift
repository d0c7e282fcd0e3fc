/// A call's `grpc-timeout` header: up to eight digits and a unit (`H`, `M`, `S`, `m`, `u`, `n`).
enum GRPCTimeout {
    static func parse(_ text: String) -> Duration? {
        guard let unit = text.last, text.count >= 2, text.count <= 9 else { return nil }
        let digits = text.dropLast()
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(digits) else { return nil }
        switch unit {
        case "H": return .seconds(value * 3600)
        case "M": return .seconds(value * 60)
        case "S": return .seconds(value)
        case "m": return .milliseconds(value)
        case "u": return .microseconds(value)
        case "n": return .nanoseconds(value)
        default: return nil
        }
    }
}
