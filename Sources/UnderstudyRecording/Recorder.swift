public import Understudy
import Foundation
import UnderstudySupport

/// Turns traffic into stubs for one mock, as WireMock's record and snapshot features do.
///
/// ``start(_:)`` adds a proxy stub that forwards every request to the spec's target;
/// ``stop()`` turns what that stub forwarded into stub mappings, adds them to the mock in
/// its place and, when the mock has a root folder, writes them (and any body files) there,
/// so that serving the same root plays the traffic back. ``snapshot(_:)`` does the same for
/// whatever proxied traffic the journal already holds.
///
/// ```swift
/// let mock = HTTPMock(configuration: .init(root: MappingsRoot(path: "Recorded")))
/// let recorder = Recorder(mock: mock)
/// try recorder.start(RecordSpec(targetBaseURL: "https://api.example.com"))
/// // ... send traffic through any transport ...
/// let result = try recorder.stop()
/// ```
public final class Recorder: Sendable {
    /// Where recording stands (WireMock's `RecordingStatus`).
    public enum Status: String, Sendable, Hashable {
        /// ``Recorder/start(_:)`` was never called.
        case neverStarted = "NeverStarted"
        /// Proxying and capturing.
        case recording = "Recording"
        /// A recording ended.
        case stopped = "Stopped"
    }

    private struct State: Sendable {
        var status = Status.neverStarted
        var spec: RecordSpec?
        var proxyStubID: UUID?
        var lastResult: RecordingResult?
        /// Tasks in ``Recorder/waitUntilStopped()``, by id.
        var stopWaiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        /// A stop has begun and its result is not kept yet: waiters keep waiting, and no new
        /// recording may start (its waiters would be woken by this stop).
        var stopping = false
        var nextWaiterID: UInt64 = 0
    }

    /// The mock recorded into.
    public let mock: HTTPMock
    private let state = Locked(State())

    /// Creates a recorder for a mock; nothing happens until ``start(_:)``.
    public init(mock: HTTPMock) { self.mock = mock }

    /// Where recording stands.
    public var status: Status { state.withLock { $0.status } }

    /// The spec of the recording running or last run.
    public var lastSpec: RecordSpec? { state.withLock { $0.spec } }

    /// What the last ``stop()`` or ``snapshot(_:)`` produced.
    public var lastResult: RecordingResult? { state.withLock { $0.lastResult } }

    /// Starts proxying every request to `spec.targetBaseURL` (through a priority-1 proxy stub,
    /// so it wins over existing stubs) and capturing the answers.
    public func start(_ spec: RecordSpec) throws(RecorderError) {
        guard let target = spec.targetBaseURL, !target.isEmpty else { throw .missingTarget }
        guard let url = URL(string: target), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw .badTarget(target)
        }
        try state.withLock { (state: inout State) throws(RecorderError) in
            guard state.status != .recording, !state.stopping else { throw .alreadyRecording(state.spec?.targetBaseURL ?? "") }
            let proxy = StubMapping(name: "Recording proxy to \(target)", priority: 1, .anyRequest, .proxy(to: target))
            mock.stub(proxy)
            (state.status, state.spec, state.proxyStubID, state.lastResult) = (.recording, spec, proxy.id, nil)
        }
    }

    /// Stops recording: removes the proxy stub, turns what it forwarded into stubs, adds them
    /// to the mock and writes them to the mock's root when it has one and the spec persists.
    /// The stubs are added even when writing fails (the error says where and why).
    @discardableResult
    public func stop() throws(RecorderError) -> RecordingResult {
        let (spec, proxyStubID) = try state.withLock { (state: inout State) throws(RecorderError) -> (RecordSpec, UUID) in
            guard state.status == .recording, let spec = state.spec, let id = state.proxyStubID else { throw .notRecording }
            state.status = .stopped
            state.stopping = true
            state.proxyStubID = nil
            return (spec, id)
        }
        // Waiters wake once the result is kept (or keeping it failed), not when the status flips.
        defer {
            let waiters = state.withLock { state in
                state.stopping = false
                defer { state.stopWaiters = [:] }
                return Array(state.stopWaiters.values)
            }
            for waiter in waiters { waiter.resume() }
        }
        mock.removeStub(id: proxyStubID)
        let events = mock.serveEvents.filter { $0.wasProxied && $0.stub?.id == proxyStubID }
        return try keep(StubRecorder.record(exchanges(events), spec: adjusted(spec)), spec: spec)
    }

    /// How many tasks are in ``waitUntilStopped()`` (for tests).
    var stopWaiterCount: Int { state.withLock { $0.stopWaiters.count } }

    /// Returns when the recording running now has stopped, through ``stop()`` here or
    /// `POST /__admin/recordings/stop`, and its result is kept (``lastResult``); at once when
    /// no recording is running or the task is cancelled.
    public func waitUntilStopped() async {
        let state = self.state
        let waiter = Locked<UInt64?>(nil)
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                state.withLock { state in
                    guard state.status == .recording || state.stopping, !Task.isCancelled else { return continuation.resume() }
                    state.nextWaiterID += 1
                    state.stopWaiters[state.nextWaiterID] = continuation
                    waiter.withLock { $0 = state.nextWaiterID }
                }
            }
        } onCancel: {
            state.withLock { state in
                if let id = waiter.withLock({ $0 }) { state.stopWaiters.removeValue(forKey: id)?.resume() }
            }
        }
    }

    /// Turns the journal's proxied traffic (all matched traffic with `allowNonProxied`) into
    /// stubs, adds them and writes them as ``stop()`` does. Recording need not be on.
    @discardableResult
    public func snapshot(_ spec: RecordSpec = RecordSpec()) throws(RecorderError) -> RecordingResult {
        let events = mock.serveEvents.filter { $0.wasProxied || (spec.filters.allowNonProxied && $0.wasMatched) }
        return try keep(StubRecorder.record(exchanges(events), spec: adjusted(spec)), spec: spec)
    }

    /// Without a root there is nowhere to put body files, so bodies stay inline.
    private func adjusted(_ spec: RecordSpec) -> RecordSpec {
        var spec = spec
        if mock.configuration.root == nil { spec.extractBodyCriteria = nil }
        return spec
    }

    private func exchanges(_ events: [ServeEvent]) -> [RecordedExchange] {
        events.compactMap { event in
            guard let body = try? mock.bodyData(for: event.response) else { return nil }
            // A timeline that does not cover the body (a part the journal did not keep) cannot time it.
            let timeline = event.upstreamBodyTimeline.flatMap { $0.byteCount == body.count ? $0 : nil }
            return RecordedExchange(request: event.request,
                                    response: RecordedResponse(status: event.response.status, headers: event.response.headers,
                                                               body: body, timeline: timeline))
        }
    }

    private func keep(_ result: RecordingResult, spec: RecordSpec) throws(RecorderError) -> RecordingResult {
        mock.stub(result.mappings)
        state.withLock { $0.lastResult = result }
        guard let root = mock.configuration.root, spec.persist || !result.files.isEmpty else { return result }
        do {
            if spec.persist {
                try root.write(result)
            } else {
                for (name, data) in result.files { try root.writeBodyFile(named: name, data) }
            }
        } catch {
            throw .cannotWrite(root: root.url.path, reason: "\(error)")
        }
        return result
    }
}
