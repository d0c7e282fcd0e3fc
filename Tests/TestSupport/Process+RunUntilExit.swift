package import Foundation

extension Process {
    /// Runs the process and returns a stream that finishes when it exits: its termination
    /// handler ends the wait, with no polling and no thread blocked.
    package func runUntilExit() throws -> AsyncStream<Void> {
        let exited = AsyncStream<Void> { continuation in terminationHandler = { _ in continuation.finish() } }
        try run()
        return exited
    }
}
