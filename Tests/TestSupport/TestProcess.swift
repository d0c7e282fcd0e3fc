package import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process for tests, with the part of `Foundation.Process` the tests use, started
/// with `posix_spawn` directly.
///
/// swift-corelibs-foundation's `Process.run()` (Swift 6.3.1) crashes now and then on Linux: it
/// lists `/proc/self/fd` to close the child's other descriptors and over-reads glibc's
/// `dirent` buffer (swiftlang/swift-corelibs-foundation#5472, fixed after 6.3.1). It crashed
/// this suite about once in six runs. Here the child's descriptors from 3 up are closed by
/// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34) where it exists, and the exit is
/// awaited by `waitpid` on a thread of its own.
///
/// `@unchecked Sendable` is safe: the configuration is set before ``run()`` and only read by
/// it, and everything that changes afterwards (pid, exit, handler) is read and written only
/// while `lock` is held.
package final class TestProcess: @unchecked Sendable {
    /// How the child ended.
    package enum TerminationReason: Sendable { case exit, uncaughtSignal }

    package var executableURL: URL?
    package var arguments: [String] = []
    /// The child's environment; this process's own when `nil`.
    package var environment: [String: String]?
    /// A `Pipe` or a `FileHandle`; inherited when `nil`.
    package var standardInput: Any?
    package var standardOutput: Any?
    package var standardError: Any?
    /// Runs once the child has exited.
    package var terminationHandler: (@Sendable (TestProcess) -> Void)?

    private let lock = NSLock()
    /// Entered when the child starts, left when it has exited.
    private let running = DispatchGroup()
    private var pid: pid_t = 0
    private var exitStatus: Int32?
    private var signalled = false

    package init() {}

    package var processIdentifier: Int32 { lock.withLock { pid } }
    package var isRunning: Bool { lock.withLock { pid != 0 && exitStatus == nil } }
    /// The exit code, or the signal that ended the child.
    package var terminationStatus: Int32 { lock.withLock { exitStatus ?? 0 } }
    package var terminationReason: TerminationReason { lock.withLock { signalled ? .uncaughtSignal : .exit } }

    /// Sends SIGTERM.
    package func terminate() {
        let pid = processIdentifier
        if pid != 0 { kill(pid, SIGTERM) }
    }

    /// Blocks until the child has exited.
    package func waitUntilExit() { running.wait() }

    /// Starts the child.
    package func run() throws {
        guard let path = executableURL?.path else { throw POSIXError(.ENOENT) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [FileHandle] = []
        for (target, fd) in [(standardInput, Int32(0)), (standardOutput, 1), (standardError, 2)] {
            let source: Int32
            switch target {
            case let pipe as Pipe:
                source = fd == 0 ? pipe.fileHandleForReading.fileDescriptor : pipe.fileHandleForWriting.fileDescriptor
                parentEnds.append(fd == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting)
            case let handle as FileHandle:
                source = handle.fileDescriptor
            default:
                continue
            }
            posix_spawn_file_actions_adddup2(&actions, source, fd)
        }
        Self.closeFrom3(&actions)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in env { free(pointer) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, &actions, nil, argv, env)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
        running.enter()
        let spawned = child
        lock.withLock { pid = spawned }
        // The child has its copies; the parent's must close for a reader to see the end.
        for handle in parentEnds { try? handle.close() }
        let thread = Thread { [self] in
            var status: Int32 = 0
            while waitpid(spawned, &status, 0) == -1 && errno == EINTR {}
            let handler = lock.withLock { () -> (@Sendable (TestProcess) -> Void)? in
                // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import as macros.
                let signal = status & 0x7F
                signalled = signal != 0 && signal != 0x7F
                exitStatus = signalled ? signal : (status >> 8) & 0xFF
                return terminationHandler
            }
            handler?(self)
            running.leave()
        }
        thread.start()
    }

    /// Runs the child and returns a stream that finishes when it exits.
    package func runUntilExit() throws -> AsyncStream<Void> {
        let exited = AsyncStream<Void> { continuation in terminationHandler = { _ in continuation.finish() } }
        try run()
        return exited
    }

    /// Closes every descriptor from 3 up in the child, with glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Swift does not import it).
    private static func closeFrom3(_ actions: inout posix_spawn_file_actions_t) {
        #if canImport(Glibc)
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        #endif
    }
}
