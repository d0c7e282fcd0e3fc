/// The list a failed verification shows of what arrived (requests or messages): a heading
/// with the count and the first 20 numbered, then how many more; or a line saying none came.
package enum ReceivedList {
    /// `Requests received (2):`, `  1. GET /a`, `  2. GET /b`; or `none` when nothing arrived.
    /// Only the items shown are described.
    package static func lines<Items: Collection>(_ items: Items, heading: String, none: String, describe: (Items.Element) -> String) -> [String] {
        guard !items.isEmpty else { return [none] }
        let shown = items.prefix(20)
        var lines = ["\(heading) (\(items.count)):"] + shown.enumerated().map { "  \($0.offset + 1). \(describe($0.element))" }
        if items.count > shown.count { lines.append("  … and \(items.count - shown.count) more") }
        return lines
    }
}
