/// An array slice `[start:end:step]` with RFC 9535 semantics (section 2.3.4.2).
struct JSONPathSlice: Sendable, Hashable {
    var start: Int?
    var end: Int?
    var step: Int?

    /// The selected indexes of an array of `count` elements, in selection order.
    func indices(count: Int) -> [Int] {
        let step = self.step ?? 1
        guard step != 0, count > 0 else { return [] }
        func normalized(_ index: Int) -> Int { index >= 0 ? index : count + index }
        var result: [Int] = []
        if step > 0 {
            let lower = min(max(normalized(start ?? 0), 0), count)
            let upper = min(max(normalized(end ?? count), 0), count)
            var index = lower
            while index < upper {
                result.append(index)
                index += step
            }
        } else {
            let upper = min(max(normalized(start ?? count - 1), -1), count - 1)
            let lower = min(max(end.map(normalized) ?? -1, -1), count - 1)
            var index = upper
            while lower < index {
                result.append(index)
                index += step
            }
        }
        return result
    }
}
