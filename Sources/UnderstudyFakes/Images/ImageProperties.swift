/// What a generated image looks like: size, colour and an optional text-free pattern.
public struct ImageProperties: Sendable, Hashable {
    /// A fill pattern.
    public enum Pattern: Sendable, Hashable {
        /// One colour everywhere.
        case solid
        /// Squares of `cell` pixels alternating the colour and `other`.
        case checkerboard(cell: Int, other: Color)
        /// Vertical stripes `width` pixels wide alternating the colour and `other`.
        case stripes(width: Int, other: Color)
    }

    public var width: Int
    public var height: Int
    public var color: Color
    public var pattern: Pattern

    /// Creates properties; sizes are clamped to 1...4096.
    public init(width: Int = 64, height: Int = 64, color: Color = .gray, pattern: Pattern = .solid) {
        self.width = min(max(width, 1), 4_096)
        self.height = min(max(height, 1), 4_096)
        self.color = color
        self.pattern = pattern
    }

    /// The colour of pixel (x, y).
    func color(x: Int, y: Int) -> Color {
        switch pattern {
        case .solid: color
        case let .checkerboard(cell, other): ((x / max(cell, 1)) + (y / max(cell, 1))).isMultiple(of: 2) ? color : other
        case let .stripes(width, other): (x / max(width, 1)).isMultiple(of: 2) ? color : other
        }
    }
}
