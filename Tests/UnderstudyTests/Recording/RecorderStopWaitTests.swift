import Foundation
import Testing
@testable import Understudy
@testable import UnderstudyRecording

/// `waitUntilStopped()` is what `understudy record` awaits so that `POST
/// /__admin/recordings/stop` ends the command without polling the status.
struct RecorderStopWaitTests {
    private func untilSomeoneWaits(on recorder: Recorder) async {
        while recorder.stopWaiterCount == 0 { await Task.yield() }
    }

    @Test(.timeLimit(.minutes(1)))
    func aWaiterWakesAfterTheStopHasKeptItsResult() async throws {
        let recorder = Recorder(mock: HTTPMock())
        try recorder.start(RecordSpec(targetBaseURL: "http://127.0.0.1:9"))
        let waiting = Task {
            await recorder.waitUntilStopped()
            return recorder.lastResult != nil
        }
        await untilSomeoneWaits(on: recorder)
        try recorder.stop()
        #expect(await waiting.value, "the result was kept before the waiter woke")
        #expect(recorder.stopWaiterCount == 0)
    }

    @Test func withNoRecordingRunningItReturnsAtOnce() async {
        let recorder = Recorder(mock: HTTPMock())
        await recorder.waitUntilStopped()
        #expect(recorder.status == .neverStarted)
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheWaiterEndsItAndLeavesTheRecordingRunning() async throws {
        let recorder = Recorder(mock: HTTPMock())
        try recorder.start(RecordSpec(targetBaseURL: "http://127.0.0.1:9"))
        let waiting = Task { await recorder.waitUntilStopped() }
        await untilSomeoneWaits(on: recorder)
        waiting.cancel()
        await waiting.value
        #expect(recorder.stopWaiterCount == 0)
        #expect(recorder.status == .recording)
    }
}
