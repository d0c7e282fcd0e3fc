import Foundation
import UnderstudyClient

/// Namespaces partition one mock (usually one shared server) between tests: a stub with a
/// ``StubMapping/namespace`` answers only requests that name that namespace, and a request
/// that names one sees its namespace's stubs, scenario states, journal entries and call counts
/// plus the global (namespace-less) stubs. A request names its namespace in the
/// `Understudy-Namespace` header (MockServer's `X-MockServer-Namespace` is read too).
public enum Namespace {
    /// The header a request names its namespace in (the app side's
    /// `UnderstudyEnvironment.namespaceHeaderName`, which apps send).
    public static let headerName = UnderstudyEnvironment.namespaceHeaderName
    /// MockServer's header for the same, read when ``headerName`` is absent.
    public static let mockServerHeaderName = "X-MockServer-Namespace"

    /// Whether `name` can be a namespace: 1 to 128 characters from letters, digits, `-`, `_`,
    /// `.` and `:` (it travels in a header and a query string).
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 128 && name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x3A
        }
    }
}

extension RecordedRequest {
    /// The namespace the request names (its `Understudy-Namespace` header, else
    /// `X-MockServer-Namespace`), or `nil` for a request that names none and sees only global stubs.
    public var namespace: String? {
        guard let value = headers[Namespace.headerName] ?? headers[Namespace.mockServerHeaderName] else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }
}
