/// When a test under an Understudy scope attaches what its mock saw, as three files: the
/// journal as HAR (`<test>-journal.har`, which browser developer tools, Proxyman and Charles
/// open), the near-miss report of each unmatched request (`<test>-near-misses.txt`), and the
/// stubs in force as WireMock mappings (`<test>-stubs.json`).
///
/// ```swift
/// @Test(.mockHTTP.attachments(.never)) func aTestThatAttachesNothing() {}
/// ```
/// Swift Testing keeps attachments where `swift test --attachments-path DIR` says (and Xcode
/// shows them with the test's result); XCTest on Apple platforms keeps them with the result as
/// `XCTAttachment`s. swift-corelibs-xctest (Linux, Windows) has no attachments, so an XCTest
/// test there attaches nothing.
public struct MockHTTPAttachments: Sendable, Hashable, CustomStringConvertible {
    private enum Policy: Sendable, Hashable {
        case onFailure
        case always
        case never
    }

    private let policy: Policy

    private init(_ policy: Policy) { self.policy = policy }

    /// Attach when the test fails (an issue, `XCTFail`, an error thrown, or the scope's own
    /// end-of-test checks); a passing test attaches nothing. The default.
    public static let onFailure = MockHTTPAttachments(.onFailure)
    /// Attach whether the test passes or fails.
    public static let always = MockHTTPAttachments(.always)
    /// Attach nothing (opting one test, or a suite, out).
    public static let never = MockHTTPAttachments(.never)

    /// Whether a test that `failed` (or not) attaches.
    func applies(failed: Bool) -> Bool {
        switch policy {
        case .onFailure: failed
        case .always: true
        case .never: false
        }
    }

    /// Whether XCTest keeps the attachments of a passing test too.
    var keepsOnSuccess: Bool { policy == .always }

    /// Whether anything can be attached.
    var isEnabled: Bool { policy != .never }

    public var description: String {
        switch policy {
        case .onFailure: "onFailure"
        case .always: "always"
        case .never: "never"
        }
    }
}
