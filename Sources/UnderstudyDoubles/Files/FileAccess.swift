public import Foundation

/// Reading and writing files, the boundary apps most often need to fake.
///
/// Production code takes it with a live default; tests pass `UnderstudyFakes`' `InMemoryFileAccess`:
/// ```swift
/// struct Cache {
///     var files: any FileAccess = LiveFileAccess()
/// }
/// ```
public protocol FileAccess: Sendable {
    /// The bytes of a file.
    func read(_ url: URL) throws -> Data
    /// Replaces a file's bytes (atomically in the live version), creating folders as needed.
    func write(_ data: Data, to url: URL) throws
    /// Whether a file or folder exists.
    func exists(_ url: URL) -> Bool
    /// Removes a file or folder.
    func remove(_ url: URL) throws
    /// The entries of a folder, sorted by path.
    func list(_ folder: URL) throws -> [URL]
}

/// The real file system.
public struct LiveFileAccess: FileAccess {
    public init() {}

    public func read(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    public func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }

    public func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    public func remove(_ url: URL) throws { try FileManager.default.removeItem(at: url) }

    public func list(_ folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .map(\.standardizedFileURL).sorted { $0.path < $1.path }
    }
}
