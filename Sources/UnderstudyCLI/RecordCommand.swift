import ArgumentParser
import Foundation
import Understudy
import UnderstudyRecording
import UnderstudyServer

/// `understudy record`: proxies to a real backend, then writes what went through as mappings.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a real backend's answers into a root folder.",
        discussion: """
            Serves on --port and forwards every request to --target. On Ctrl-C (or POST /__admin/recordings/stop) \
            the traffic becomes mappings/*.json (and __files/ for large or binary bodies) under --root; \
            `understudy serve --root DIR` plays it back. Secrets in headers, query parameters and JSON fields \
            are redacted unless --no-default-redaction is given. A server-sent event stream is recorded as an \
            eventStream, and a chunked answer whose parts arrived over more than 50 ms as chunks, each part \
            after the pause observed before it (times --stream-time-scale).
            """
    )

    @Option(name: .long, help: "The backend to record, for example https://api.example.com.")
    var target: String

    @Option(name: .long, help: "The root folder to write mappings/ and __files/ into (created if missing).")
    var root: String

    @OptionGroup var network: ServerOptions

    @OptionGroup var recording: RecordingOptions

    @Option(name: .long, help: "Multiplies the pauses recorded in streamed answers: 1 as observed, 0.5 twice as fast, 0 no pauses.")
    var streamTimeScale: Double = 1

    func validate() throws {
        guard streamTimeScale >= 0, streamTimeScale <= RecordSpec.maximumStreamTimeScale else {
            throw ValidationError("--stream-time-scale must be a number from 0 to \(Int(RecordSpec.maximumStreamTimeScale)) (1 keeps the pauses as observed, 0 drops them)")
        }
    }

    func run() async throws {
        let result = try await record { server in
            let baseURL = try server.baseURL
            FileHandle.standardOutput.write(Data("understudy: recording \(target) at \(baseURL); send traffic there, Ctrl-C to stop and write \(root)\n".utf8))
            let (stops, stop) = AsyncStream<Void>.makeStream()
            let signals = SignalWatcher(signals: [SIGINT, SIGTERM]) { stop.yield() }
            // An admin client may stop the recording instead (POST /__admin/recordings/stop).
            let adminStop = Task {
                await server.recorder.waitUntilStopped()
                stop.yield()
            }
            for await _ in stops { break }
            signals.cancel()
            adminStop.cancel()
        }
        FileHandle.standardOutput.write(Data("understudy: recorded \(result.mappings.count) stub(s) and \(result.files.count) body file(s) into \(root)\n".utf8))
    }

    /// Starts the recording server, runs `traffic` (which returns when recording should end),
    /// then stops recording, writes the root and shuts the server down.
    func record(during traffic: (MockServer) async throws -> Void) async throws -> RecordingResult {
        let mappingsRoot = MappingsRoot(path: root)
        do {
            try FileManager.default.createDirectory(at: mappingsRoot.mappingsFolder, withIntermediateDirectories: true)
        } catch {
            throw CLIError("cannot create \(mappingsRoot.mappingsFolder.path): \(error.localizedDescription); pass --root with a writable folder")
        }
        var spec = try recording.spec(target: target)
        spec.streamTimeScale = streamTimeScale
        let mock = HTTPMock(configuration: .init(root: mappingsRoot))
        let server = MockServer(mock: mock, configuration: try network.configuration())
        do {
            try await server.start()
        } catch {
            throw CLIError("\(error)")
        }
        do {
            try server.recorder.start(spec)
            try await traffic(server)
            let result: RecordingResult
            if server.recorder.status == .recording {
                result = try server.recorder.stop()
            } else {
                // Stopped through the admin API, which already wrote the root.
                result = server.recorder.lastResult ?? RecordingResult(mappings: [], files: [:])
            }
            try await server.shutdown()
            return result
        } catch let error as RecorderError {
            try? await server.shutdown()
            throw CLIError(error.description)
        } catch {
            try? await server.shutdown()
            throw error
        }
    }
}
