/// An opaque RGB colour for generated images.
public struct Color: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from `#RRGGBB` or `RRGGBB`; `nil` when the text is not six hex digits.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 255, green: 255, blue: 255)
    public static let gray = Color(red: 128, green: 128, blue: 128)
    public static let red = Color(red: 220, green: 40, blue: 40)
    public static let green = Color(red: 40, green: 170, blue: 60)
    public static let blue = Color(red: 40, green: 90, blue: 220)
}
