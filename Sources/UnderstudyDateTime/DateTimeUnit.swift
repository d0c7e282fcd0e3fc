/// A unit of a date-time offset, as WireMock names it in `"now +3 days"` and `expectedOffsetUnit`.
public enum DateTimeUnit: String, Sendable, CaseIterable {
    /// Seconds.
    case seconds
    /// Minutes.
    case minutes
    /// Hours.
    case hours
    /// Calendar days.
    case days
    /// Calendar months; adding one to January 31 gives the last day of February.
    case months
    /// Calendar years; adding one to February 29 gives February 28.
    case years

    /// Reads a unit name case-insensitively. WireMock takes the plural only (`days`, `DAYS`);
    /// the singular (`day`) is accepted here too because `now +1 day` has only one meaning.
    package init?(name: String) {
        let lowered = name.lowercased()
        if let unit = DateTimeUnit(rawValue: lowered) ?? DateTimeUnit(rawValue: lowered + "s") {
            self = unit
        } else {
            return nil
        }
    }

    /// The names accepted, for error messages.
    package static let namesForMessages = allCases.map(\.rawValue).joined(separator: ", ")
}
