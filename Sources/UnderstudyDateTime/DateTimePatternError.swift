/// Why a date-time pattern could not be built: an unreadable expected value, unit, truncation,
/// `actualFormat` or JSON member. The message names the field and how to fix it.
public struct DateTimePatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The explanation, naming the field at fault and the fix.
    public let message: String

    /// Creates an error with the given explanation.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
