import Foundation
import Testing
import UnderstudyDoubles
import UnderstudyFakes

/// A tiny production type in the seed's dependency-injection style: live defaults, doubles in tests.
struct NoteStore {
    var files: any FileAccess = LiveFileAccess()
    var settings: any KeyValueStore = UserDefaultsStore()
    var clock: any DateProvider = SystemDateProvider()
    var ids: any UUIDProvider = SystemUUIDProvider()
    let folder: URL

    func save(_ text: String) throws -> UUID {
        let id = ids.next()
        try files.write(Data(text.utf8), to: folder.appendingPathComponent("\(id.uuidString).txt"))
        try settings.set(ISO8601DateFormatter().string(from: clock.now), forKey: "lastSaved")
        return id
    }
}

struct DoublesTests {
    let folder = URL(fileURLWithPath: "/notes")

    @Test func doublesStandInForEveryBoundary() throws {
        let files = InMemoryFileAccess()
        let settings = InMemoryKeyValueStore()
        let clock = FixedDateProvider(Date(timeIntervalSince1970: 0))
        let store = NoteStore(files: files, settings: settings, clock: clock, ids: SequentialUUIDProvider(), folder: folder)
        let id = try store.save("hello")
        #expect(id.uuidString == "00000000-0000-0000-0000-000000000001")
        let file = folder.appendingPathComponent("00000000-0000-0000-0000-000000000001.txt")
        #expect(try files.read(file) == Data("hello".utf8))
        #expect(files.calls == [.write(file), .read(file)])
        #expect(settings.string(forKey: "lastSaved") == "1970-01-01T00:00:00Z")
        clock.advance(by: 60)
        #expect(clock.now == Date(timeIntervalSince1970: 60))
        #expect(try files.list(folder) == [file])
        #expect(files.exists(folder))
    }

    struct DiskFull: Error, Equatable {}

    @Test func failuresCanBeInjected() throws {
        let files = InMemoryFileAccess(files: [folder.appendingPathComponent("a.txt"): Data("a".utf8)])
        files.setReadError(DiskFull())
        #expect(throws: DiskFull.self) { try files.read(folder.appendingPathComponent("a.txt")) }
        files.setReadError(nil)
        #expect(try files.read(folder.appendingPathComponent("a.txt")) == Data("a".utf8))
        files.setFailure(DiskFull(), for: folder.appendingPathComponent("b.txt"))
        #expect(throws: DiskFull.self) { try files.write(Data(), to: folder.appendingPathComponent("b.txt")) }
        try files.write(Data("c".utf8), to: folder.appendingPathComponent("c.txt"))
        files.setWriteError(DiskFull())
        #expect(throws: DiskFull.self) { try files.write(Data(), to: folder.appendingPathComponent("c.txt")) }
        #expect(try files.read(folder.appendingPathComponent("c.txt")) == Data("c".utf8))   // nothing lost
        #expect { try files.read(folder.appendingPathComponent("missing")) } throws: { ($0 as? CocoaError)?.code == .fileReadNoSuchFile }

        let settings = InMemoryKeyValueStore(["token": Data("t".utf8)])
        settings.setWriteError(DiskFull())
        #expect(throws: DiskFull.self) { try settings.set("u", forKey: "token") }
        #expect(settings.string(forKey: "token") == "t")
        #expect(settings.writes == ["token"])
    }

    @Test func liveFilesWriteAtomicallyAndList() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-doubles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = LiveFileAccess()
        let file = root.appendingPathComponent("nested/a.txt")
        try files.write(Data("one".utf8), to: file)
        try files.write(Data("two".utf8), to: file)
        #expect(try files.read(file) == Data("two".utf8))
        #expect(try files.list(root.appendingPathComponent("nested")).map(\.lastPathComponent) == ["a.txt"])
        try files.remove(file)
        #expect(!files.exists(file))
    }

    @Test func userDefaultsStoreRoundTrips() throws {
        let suite = "understudy-tests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = UserDefaultsStore(defaults)
        try store.set("value", forKey: "k")
        #expect(store.string(forKey: "k") == "value")
        try store.set(nil as String?, forKey: "k")
        #expect(store.data(forKey: "k") == nil)
    }
}
