public import Foundation
import Understudy
public import UnderstudyDoubles
import UnderstudySupport

/// Files in memory, with a record of every call and injectable failures.
public final class InMemoryFileAccess: FileAccess {
    /// One call the double received.
    public enum Call: Sendable, Hashable {
        case read(URL), write(URL), exists(URL), remove(URL), list(URL)
    }

    private struct State {
        var files: [String: Data] = [:]
        var calls: [Call] = []
        var readError: (any Error & Sendable)?
        var writeError: (any Error & Sendable)?
        var failures: [String: any Error & Sendable] = [:]
    }

    private let state = Locked(State())

    /// Creates the double with initial files.
    public init(files: [URL: Data] = [:]) {
        state.withLock { state in
            for (url, data) in files { state.files[Self.key(url)] = data }
        }
    }

    /// Every call so far, in order.
    public var calls: [Call] { state.withLock { $0.calls } }
    /// The files now held.
    public var files: [URL: Data] {
        state.withLock { Dictionary(uniqueKeysWithValues: $0.files.map { (URL(fileURLWithPath: $0.key), $0.value) }) }
    }

    /// Makes every read fail with `error` (`nil` to stop).
    public func setReadError(_ error: (any Error & Sendable)?) { state.withLock { $0.readError = error } }
    /// Makes every write fail with `error` (`nil` to stop).
    public func setWriteError(_ error: (any Error & Sendable)?) { state.withLock { $0.writeError = error } }
    /// Makes every operation on `url` fail with `error` (`nil` to stop).
    public func setFailure(_ error: (any Error & Sendable)?, for url: URL) { state.withLock { $0.failures[Self.key(url)] = error } }

    public func read(_ url: URL) throws -> Data {
        try state.withLock { state in
            state.calls.append(.read(url))
            if let error = state.failures[Self.key(url)] ?? state.readError { throw error }
            guard let data = state.files[Self.key(url)] else {
                throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
            }
            return data
        }
    }

    public func write(_ data: Data, to url: URL) throws {
        try state.withLock { state in
            state.calls.append(.write(url))
            if let error = state.failures[Self.key(url)] ?? state.writeError { throw error }
            state.files[Self.key(url)] = data
        }
    }

    public func exists(_ url: URL) -> Bool {
        state.withLock { state in
            state.calls.append(.exists(url))
            let key = Self.key(url)
            return state.files[key] != nil || state.files.keys.contains { $0.hasPrefix(key + "/") }
        }
    }

    public func remove(_ url: URL) throws {
        try state.withLock { state in
            state.calls.append(.remove(url))
            if let error = state.failures[Self.key(url)] ?? state.writeError { throw error }
            let key = Self.key(url)
            let removed = state.files.keys.filter { $0 == key || $0.hasPrefix(key + "/") }
            guard !removed.isEmpty else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: url.path]) }
            for path in removed { state.files[path] = nil }
        }
    }

    public func list(_ folder: URL) throws -> [URL] {
        try state.withLock { state in
            state.calls.append(.list(folder))
            if let error = state.failures[Self.key(folder)] ?? state.readError { throw error }
            let prefix = Self.key(folder) + "/"
            let children = Set(state.files.keys.filter { $0.hasPrefix(prefix) }.map { path in
                prefix + (path.dropFirst(prefix.count).split(separator: "/").first.map(String.init) ?? "")
            })
            return children.sorted().map { URL(fileURLWithPath: $0) }
        }
    }

    private static func key(_ url: URL) -> String { url.standardizedFileURL.path }
}
