/// Why a ``Recorder`` could not do what was asked; each case says how to go on.
public enum RecorderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// ``Recorder/start(_:)`` needs `targetBaseUrl`.
    case missingTarget
    /// The target is not an `http` or `https` URL.
    case badTarget(String)
    /// A recording is already running.
    case alreadyRecording(String)
    /// ``Recorder/stop()`` was called with no recording running.
    case notRecording
    /// The stubs were added to the mock but could not be written to the root folder.
    case cannotWrite(root: String, reason: String)

    public var description: String {
        switch self {
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
