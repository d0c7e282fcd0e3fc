extension String {
    /// ASCII case-insensitive comparison, as header names need; compares bytes without
    /// allocating (this runs for every header lookup on the request path).
    package func caseInsensitiveEquals(_ other: String) -> Bool {
        let (lhs, rhs) = (utf8, other.utf8)
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy { a, b in
            a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= UInt8(ascii: "a") && (a | 0x20) <= UInt8(ascii: "z"))
        }
    }
}
