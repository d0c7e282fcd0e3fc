import Foundation
import Testing
import UnderstudyMocks

struct SyncManagerTests {
    let fileSystem = MockFileSystemProviding()
    let accessor = MockFileAccessorProviding(policy: .relaxedVoid)
    let bookmarks = MockBookmarkStorageProviding()
    let client = MockHTTPClientProtocol()
    let root = URL(fileURLWithPath: "/docs")
    let old = URL(fileURLWithPath: "/docs/old.txt")
    let new = URL(fileURLWithPath: "/docs/new.txt")

    var manager: SyncManager {
        SyncManager(fileSystem: fileSystem, accessor: accessor, bookmarks: bookmarks, client: client,
                    server: URL(string: "https://sync.example.com")!)
    }

    func granted() {
        given(bookmarks).bookmark(for: .value("root")).willReturn(Data("b".utf8)).resolve(.any).willReturn(root)
        given(accessor).startAccessing(.value(root)).willReturn(true)
            .modificationDate(of: .value(old)).willReturn(Date(timeIntervalSince1970: 10))
            .modificationDate(of: .value(new)).willReturn(Date(timeIntervalSince1970: 30))
        given(fileSystem).contentsOfDirectory(at: .value(root)).willReturn([old, new]).read(from: .any).willReturn(Data("x".utf8))
    }

    @Test func uploadsOnlyTheFilesChangedSinceTheLastSync() async throws {
        granted()
        given(client).upload(.any, to: .any).willReturn(200)
        #expect(try await manager.sync(since: Date(timeIntervalSince1970: 20)) == 1)
        verify(client).upload(.any, to: .matching { $0.lastPathComponent == "new.txt" }).called(.once).upload(.any, to: .any).called(1)
        verify(accessor).stopAccessing(.value(root)).called(.once)
    }

    @Test func aFailedUploadStopsTheSyncAndReleasesTheFolder() async throws {
        granted()
        given(client).upload(.any, to: .any).willReturn(500)
        await #expect(throws: SyncManager.SyncError.uploadFailed(status: 500)) {
            try await manager.sync(since: .distantPast)
        }
        verify(accessor).stopAccessing(.any).called(.once)
    }

    @Test func withoutABookmarkNothingIsTouched() async {
        given(bookmarks).bookmark(for: .any).willReturn(nil)
        await #expect(throws: SyncManager.SyncError.noBookmark) { try await manager.sync(since: .distantPast) }
        verify(fileSystem).contentsOfDirectory(at: .any).called(.never)
    }
}
