import Dispatch
import NIOCore

/// Where the server leaves its event loops: a call into a mock whose store lives in another
/// process (``Understudy/HTTPMock/sharesStateRemotely``) makes round trips and a file read can
/// wait on the disk, and no event loop ever waits on either. Every such call, for requests,
/// admin calls, WebSocket upgrades and the dashboard, goes through here: serving is awaited in
/// a task (the store's asynchronous serving part); the admin API's calls (the store's other
/// parts block, a reset reads the root's files) and the planning of an answer from a body
/// file run on a Dispatch thread.
enum StoreRoundTrip {
    /// Runs `serve` in a task that prefers `loop` (``EventLoopTaskExecutor``), where the platform
    /// has task executors; its result arrives on `loop`.
    static func serve<Value: Sendable>(on loop: any EventLoop, _ serve: @escaping @Sendable () async -> Value) -> EventLoopFuture<Value> {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return loop.makeFutureWithTask(serve) }
        let promise = loop.makePromise(of: Value.self)
        Task(executorPreference: EventLoopTaskExecutor(loop)) { promise.succeed(await serve()) }
        return promise.futureResult
    }

    /// Runs `work` on a Dispatch thread; its result arrives on `loop`.
    static func run<Value: Sendable>(on loop: any EventLoop, _ work: @escaping @Sendable () -> Value) -> EventLoopFuture<Value> {
        let promise = loop.makePromise(of: Value.self)
        DispatchQueue.global().async { promise.succeed(work()) }
        return promise.futureResult
    }

    /// Runs `work` on a Dispatch thread, for what nobody waits on (journaling a finished answer).
    static func detach(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(execute: work)
    }
}
