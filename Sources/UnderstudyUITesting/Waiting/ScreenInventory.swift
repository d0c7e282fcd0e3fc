import Understudy
import UnderstudySupport

/// What was on screen when a wait failed, ranked by closeness to what was looked for, as a
/// near-miss report ranks stubs: nearest text first (normalised edit distance of the label or
/// text value, the same measure near misses use), then the right kind, then screen order.
@MainActor
struct ScreenInventory {
    /// How many elements a failure lists.
    static let listed = 3
    /// How many elements are read at most (reading a large XCUITest tree is slow).
    static let readLimit = 500

    let entries: [ElementSnapshot]
    /// Whether the screen held more elements than were read.
    let isTruncated: Bool

    /// Reads every element below `root`, in screen order, up to ``readLimit``.
    init(_ root: any ScreenElement) {
        let read = root.descendantSnapshots(limit: Self.readLimit + 1)
        entries = Array(read.prefix(Self.readLimit))
        isTruncated = read.count > Self.readLimit
    }

    /// The entries nearest to `condition`, nearest first.
    func nearest(to condition: ElementCondition) -> [ElementSnapshot] {
        let ranked = entries.enumerated().map { position, entry in
            (position, entry, Self.distance(entry, condition.text), condition.kinds.isEmpty || condition.kinds.contains(entry.kind))
        }
        return ranked.sorted { lhs, rhs in
            if lhs.2 != rhs.2 { return lhs.2 < rhs.2 }
            if lhs.3 != rhs.3 { return lhs.3 }
            return lhs.0 < rhs.0
        }.prefix(Self.listed).map(\.1)
    }

    /// `On screen, nearest first: button "Log In", ... (7 element(s) in all)` or that it was empty.
    func report(nearestTo condition: ElementCondition) -> String {
        guard !entries.isEmpty else { return "The screen shows no elements." }
        let total = isTruncated ? "more than \(entries.count)" : "\(entries.count)"
        return "On screen, nearest first: " + nearest(to: condition).map(\.description).joined(separator: ", ")
            + " (\(total) element(s) in all)."
    }

    private static func distance(_ entry: ElementSnapshot, _ text: TextMatch?) -> Double {
        guard let text else { return 0 }
        if text.matches(label: entry.label, textValue: entry.textValue) { return 0 }
        return [entry.label, entry.textValue].compactMap { $0 }
            .map { LevenshteinDistance.normalized($0, text.text) }
            .min() ?? 1
    }
}
