import Understudy
/// Why a ``Recorder`` could not do what was asked; each error says how to go on.
///
/// Compare with the static members (`error == .notRecording`); new reasons may be added
/// without breaking code that handles these.
public struct RecorderError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case missingTarget
        case badTarget(String)
        case alreadyRecording(String)
        case notRecording
        case cannotWrite(root: String, reason: String)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// ``Recorder/start(_:)`` needs `targetBaseUrl`.
    public static let missingTarget = RecorderError(.missingTarget)

    /// The target is not an `http` or `https` URL.
    public static func badTarget(_ target: String) -> RecorderError { RecorderError(.badTarget(target)) }

    /// A recording from `target` is already running.
    public static func alreadyRecording(_ target: String) -> RecorderError { RecorderError(.alreadyRecording(target)) }

    /// ``Recorder/stop()`` was called with no recording running.
    public static let notRecording = RecorderError(.notRecording)

    /// The stubs were added to the mock but could not be written to the root folder `root`.
    public static func cannotWrite(root: String, reason: String) -> RecorderError {
        RecorderError(.cannotWrite(root: root, reason: reason))
    }

    /// Whether the record spec is at fault (no target, or one that is not http or https):
    /// fixing the spec and trying again helps.
    package var isInvalidSpec: Bool {
        switch reason {
        case .missingTarget, .badTarget: true
        case .alreadyRecording, .notRecording, .cannotWrite: false
        }
    }

    /// Whether the recorder is in the wrong state for the call (already recording, or not
    /// recording): the call conflicts with what is running.
    package var isWrongState: Bool {
        switch reason {
        case .alreadyRecording, .notRecording: true
        case .missingTarget, .badTarget, .cannotWrite: false
        }
    }

    /// What went wrong and how to go on.
    public var description: String {
        switch reason {
        case .missingTarget:
            return "recording needs a target: give targetBaseUrl, for example {\"targetBaseUrl\": \"https://api.example.com\"}"
        case .badTarget(let target):
            return "cannot record from \"\(target)\": targetBaseUrl must be an http or https URL such as https://api.example.com"
        case .alreadyRecording(let target):
            return "already recording from \(target); stop that recording first (POST /__admin/recordings/stop)"
        case .notRecording:
            return "no recording is running; start one with POST /__admin/recordings/start and {\"targetBaseUrl\": \"...\"}"
        case let .cannotWrite(root, reason):
            return "the recorded stubs are served but could not be written to \(root): \(reason); check that the folder is writable, then save them with POST /__admin/mappings/save"
        }
    }
}
