import UnderstudySupport

/// The regular expressions compiled while one set of mapping files loads, by their text, so
/// that an expression many stubs share (`[0-9]+`, `Bearer .+`) is compiled by ICU once, not
/// once per stub. One cache lives as long as one load; files decoded on several threads share it.
package final class RegexPatternCache: Sendable {
    private let patterns = Locked<[String: RegexPattern]>([:])

    /// The compiled expression for `source`, compiled now if no file of this load used it before.
    package func pattern(_ source: String) -> RegexPattern {
        if let known = patterns.withLock({ $0[source] }) { return known }
        // Compiled outside the lock: two threads meeting a new expression at once both compile
        // it, and the values are equal.
        let compiled = RegexPattern(source)
        patterns.withLock { $0[source] = compiled }
        return compiled
    }
}
