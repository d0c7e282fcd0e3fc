import Dispatch
import NIOCore

/// Where the server leaves its event loops: a call into a mock whose store lives in another
/// process (``Understudy/HTTPMock/sharesStateRemotely``) makes round trips, and no event loop
/// ever waits on one. Every such call, for requests, admin calls, WebSocket upgrades and the
/// dashboard, goes through here: serving is awaited in a task (the store's asynchronous
/// serving part), the admin API's calls on the store's other parts, which block, run on a
/// Dispatch thread.
enum StoreRoundTrip {
    /// Runs `serve` in a task; its result arrives on `loop`.
    static func serve<Value: Sendable>(on loop: any EventLoop, _ serve: @escaping @Sendable () async -> Value) -> EventLoopFuture<Value> {
        let promise = loop.makePromise(of: Value.self)
        promise.completeWithTask(serve)
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
