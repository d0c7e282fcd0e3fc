import Foundation
import Understudy
import UnderstudyRecording

extension AdminAPI {
    /// `POST /recordings/start`: a record spec with `targetBaseUrl`; proxies and captures from now on.
    func startRecording(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let spec = try recordSpec(request)
        do {
            try state.recorder(for: mock).start(spec)
        } catch {
            throw Self.recorderError(error)
        }
        return AdminResponse.ok
    }

    /// `POST /recordings/stop`: the recorded stubs (`{"mappings": [...]}`, or `{"ids": [...]}`
    /// when the spec asked for `IDS`), now served and, with a root, written to it.
    func stopRecording() throws(AdminError) -> ResponseDefinition {
        let recorder = state.recorder(for: mock)
        do {
            let result = try recorder.stop()
            return Self.recordingJSON(result, format: recorder.lastSpec?.outputFormat ?? .full)
        } catch {
            throw Self.recorderError(error)
        }
    }

    /// `GET /recordings/status`: `{"status": "NeverStarted" | "Recording" | "Stopped"}`.
    func recordingStatus() -> ResponseDefinition {
        AdminResponse.json(["status": .string(state.recorder(for: mock).status.rawValue)])
    }

    /// `POST /recordings/snapshot`: stubs from the proxied traffic the journal holds.
    func snapshotRecording(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        let spec = request.body.isEmpty ? RecordSpec() : try recordSpec(request)
        do {
            return Self.recordingJSON(try state.recorder(for: mock).snapshot(spec), format: spec.outputFormat)
        } catch {
            throw Self.recorderError(error)
        }
    }

    private func recordSpec(_ request: RecordedRequest) throws(AdminError) -> RecordSpec {
        let json = try jsonBody(request)
        do {
            return try RecordSpec(wireMock: json)
        } catch {
            throw .invalidInput(error)
        }
    }

    private static func recordingJSON(_ result: RecordingResult, format: RecordSpec.OutputFormat) -> ResponseDefinition {
        switch format {
        case .ids: AdminResponse.json(["ids": .array(result.mappings.map { .string($0.id.uuidString.lowercased()) })])
        case .full: AdminResponse.json(["mappings": .array(result.mappings.map(\.adminJSON))])
        }
    }

    private static func recorderError(_ error: RecorderError) -> AdminError {
        if error.isInvalidSpec {
            .invalidInput(pointer: "/targetBaseUrl", error.description)
        } else if error.isWrongState {
            AdminError(status: 409, code: 10, pointer: nil, title: error.description, detail: nil)
        } else {
            AdminError(status: 500, code: 10, pointer: nil, title: error.description, detail: nil)
        }
    }
}
