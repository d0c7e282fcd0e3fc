import NIOCore

/// An event loop as a task executor: a task that prefers it runs its synchronous parts on the
/// loop's own thread, and awaits what really suspends (a store's round trip) without holding the
/// loop. Serving a request of a mock whose store answers from memory (a static stub of the
/// PostgreSQL store) then costs no thread switch, where a task on Swift's cooperative pool costs
/// two (to the pool and back to the loop).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
