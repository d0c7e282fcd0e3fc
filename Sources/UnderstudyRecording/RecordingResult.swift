public import Understudy
public import Foundation

/// What a recording produced: stub mappings, and the body files they name.
public struct RecordingResult: Sendable {
    /// The stubs, in the order their requests were made.
    public var mappings: [StubMapping]
    /// Body files by their name under `__files` (the stubs' `bodyFileName`).
    public var files: [String: Data]

    /// Creates a result.
    public init(mappings: [StubMapping], files: [String: Data]) {
        self.mappings = mappings
        self.files = files
    }
}
