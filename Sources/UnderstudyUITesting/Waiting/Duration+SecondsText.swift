extension Duration {
    /// `2 s`, `0.1 s`, `1.25 s`: seconds with at most three decimals, as failure messages show them.
    var secondsText: String {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        let whole = milliseconds / 1000
        let fraction = abs(milliseconds % 1000)
        guard fraction != 0 else { return "\(whole) s" }
        var decimals = String(fraction)
        decimals = String(repeating: "0", count: 3 - decimals.count) + decimals
        while decimals.hasSuffix("0") { decimals.removeLast() }
        let sign = milliseconds < 0 && whole == 0 ? "-" : ""
        return "\(sign)\(whole).\(decimals) s"
    }
}
