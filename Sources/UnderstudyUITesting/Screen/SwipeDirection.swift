/// The direction of a swipe (the way the finger moves: `up` scrolls content further down).
public struct SwipeDirection: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: String, Sendable, Hashable {
        case up, down, left, right
    }

    private let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    /// From the bottom towards the top.
    public static let up = SwipeDirection(.up)
    /// From the top towards the bottom.
    public static let down = SwipeDirection(.down)
    /// From the right towards the left.
    public static let left = SwipeDirection(.left)
    /// From the left towards the right.
    public static let right = SwipeDirection(.right)

    /// `up`, `down`, `left` or `right`.
    public var description: String { kind.rawValue }
}
