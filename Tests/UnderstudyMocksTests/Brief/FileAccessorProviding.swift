import Foundation
import UnderstudyMocks

/// The brief's per-file accessor: reads and writes one file, security-scoped where it must be.
@Mockable
protocol FileAccessorProviding: Sendable {
    func startAccessing(_ url: URL) -> Bool
    func stopAccessing(_ url: URL)
    func modificationDate(of url: URL) throws -> Date
}

/// The brief's bookmark storage: the folders the user granted, kept across launches.
@Mockable
protocol BookmarkStorageProviding: Sendable {
    func bookmark(for key: String) -> Data?
    func store(_ bookmark: Data, for key: String) throws
    func resolve(_ bookmark: Data) throws -> URL
}

/// The brief's HTTP client.
@Mockable
protocol HTTPClientProtocol: Sendable {
    func upload(_ data: Data, to url: URL) async throws -> Int
}

/// Uploads the files of the bookmarked folder that changed since the last sync: the code under
/// test, taking its boundaries as focused protocols with production defaults.
struct SyncManager {
    enum SyncError: Error, Equatable {
        case noBookmark
        case accessDenied
        case uploadFailed(status: Int)
    }

    let fileSystem: any FileSystemProviding
    let accessor: any FileAccessorProviding
    let bookmarks: any BookmarkStorageProviding
    let client: any HTTPClientProtocol
    let server: URL

    /// Uploads every file modified after `since`; returns how many it uploaded.
    func sync(since: Date) async throws -> Int {
        guard let bookmark = bookmarks.bookmark(for: "root") else { throw SyncError.noBookmark }
        let root = try bookmarks.resolve(bookmark)
        guard accessor.startAccessing(root) else { throw SyncError.accessDenied }
        defer { accessor.stopAccessing(root) }
        var uploaded = 0
        for file in try fileSystem.contentsOfDirectory(at: root) where try accessor.modificationDate(of: file) > since {
            let status = try await client.upload(try fileSystem.read(from: file), to: server.appendingPathComponent(file.lastPathComponent))
            guard status == 200 else { throw SyncError.uploadFailed(status: status) }
            uploaded += 1
        }
        return uploaded
    }
}
