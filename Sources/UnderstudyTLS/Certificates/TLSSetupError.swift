/// Why certificates or HTTPS settings could not be made or loaded; the description names the
/// problem and the fix.
public struct TLSSetupError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case unreadable(what: String, detail: String)
        case keyMismatch(String)
        case cannotIssue(String)
        case invalidSetting(String)
        case file(path: String, detail: String)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// `what` (a certificate, a key) could not be read; `detail` is what the parser said.
    public static func unreadable(_ what: String, _ detail: String) -> TLSSetupError { TLSSetupError(.unreadable(what: what, detail: detail)) }
    /// A private key does not belong to the certificate it was given with.
    public static func keyMismatch(_ detail: String) -> TLSSetupError { TLSSetupError(.keyMismatch(detail)) }
    /// A certificate could not be issued.
    public static func cannotIssue(_ detail: String) -> TLSSetupError { TLSSetupError(.cannotIssue(detail)) }
    /// A setting is out of range or contradicts another.
    public static func invalidSetting(_ detail: String) -> TLSSetupError { TLSSetupError(.invalidSetting(detail)) }
    /// A file could not be read or written.
    public static func file(_ path: String, _ detail: String) -> TLSSetupError { TLSSetupError(.file(path: path, detail: detail)) }

    /// What went wrong and how to go on.
    public var description: String {
        switch reason {
        case let .unreadable(what, detail):
            "cannot read \(what) (\(detail)); give PEM text (-----BEGIN CERTIFICATE----- / -----BEGIN PRIVATE KEY-----)"
        case .keyMismatch(let detail):
            "\(detail); pass the key the certificate was issued for"
        case .cannotIssue(let detail):
            "cannot issue a certificate: \(detail)"
        case .invalidSetting(let detail):
            detail
        case let .file(path, detail):
            "cannot use \(path): \(detail)"
        }
    }
}
