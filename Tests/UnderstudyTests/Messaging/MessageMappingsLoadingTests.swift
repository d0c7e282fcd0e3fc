import Foundation
import Testing
import Understudy
import UnderstudyMessaging

/// A root's `message-mappings/` (WireMock 4) is read by `UnderstudyMessaging`'s root part: a
/// mock given `.messaging` holds its message stubs, and a mock given no extension that reads it
/// refuses the root, saying how to fix it, rather than leave its stubs out unsaid.
struct MessageMappingsLoadingTests {
    private static func root() throws -> MappingsRoot {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-message-root-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("message-mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"{"name": "Echo", "trigger": {"type": "message"}, "actions": [{"type": "send", "message": {"body": "{{message.body}}"}}]}"#.utf8)
            .write(to: folder.appendingPathComponent("message-mappings/echo.json"))
        return MappingsRoot(folder)
    }

    @Test func aMockGivenMessagingHoldsTheMessageStubs() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root.url) }
        let mock = try HTTPMock(loadingMappingsFrom: root, configuration: .init(mappingExtensions: .messaging))
        #expect(mock.messages.stubs.map(\.name) == ["Echo"])
    }

    @Test func aMockGivenNoExtensionThatReadsThemRefusesTheRoot() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root.url) }
        #expect {
            _ = try HTTPMock(loadingMappingsFrom: root)
        } throws: { error in
            "\(error)".contains("message-mappings: holds stubs no extension of this mock reads")
                && "\(error)".contains("mappingExtensions: .understudy")
        }
    }
}
