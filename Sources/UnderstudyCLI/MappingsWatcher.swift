import Foundation
import Understudy
import UnderstudyServer
import UnderstudySupport

/// `serve --watch`: reloads the root's `mappings/` and `message-mappings/` when their files
/// change. The folders are polled; a change is reloaded once it has held still for one poll,
/// so an editor's save in several writes reloads once. The stubs loaded from files are
/// replaced (the new ones first, so that no request finds a gap), and stubs added through the
/// admin API stay. A file that does not decode is reported with its file and line, and nothing
/// is replaced: the stubs loaded before stay served until the files load again.
final class MappingsWatcher: Sendable {
    /// A folder's JSON files with their sizes and modification dates: what an edit changes.
    private struct Fingerprint: Equatable {
        var files: [String: [Double]] = [:]
    }

    private let root: MappingsRoot
    private let mock: HTTPMock
    /// The ids of the stubs and message stubs loaded from files, replaced on each reload.
    private let fromFiles: Locked<(stubs: Set<UUID>, messages: Set<UUID>)>

    /// A watcher of `root` for `mock`, which serves `stubs` and `messageStubs` from its files.
    init(root: MappingsRoot, mock: HTTPMock, stubs: [StubMapping], messageStubs: [MessageStubMapping]) {
        self.root = root
        self.mock = mock
        fromFiles = Locked((Set(stubs.map(\.id)), Set(messageStubs.map(\.id))))
    }

    /// Polls every `interval` until the task is cancelled, writing a line per reload with
    /// `report` (failures with `reportFailure`).
    func run(interval: Duration = .milliseconds(250), report: @Sendable (String) -> Void, reportFailure: @Sendable (String) -> Void) async {
        var last = fingerprint()
        var changed = false
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            let now = fingerprint()
            if now != last {
                last = now
                changed = true
                continue
            }
            guard changed else { continue }
            changed = false
            switch reload() {
            case .success(let line): report(line)
            case .failure(let error): reportFailure(error.description)
            }
        }
    }

    /// Why a reload did not happen.
    struct ReloadFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Reloads the files now; returns the line to report.
    func reload() -> Result<String, ReloadFailure> {
        let stubs: [StubMapping]
        let warnings: [MappingWarning]
        let messageStubs: [MessageStubMapping]
        do {
            (stubs, warnings) = try root.loadMappingsWithWarnings(extensions: .understudy)
            messageStubs = try root.loadMessageMappings()
        } catch {
            return .failure(ReloadFailure(description: "understudy: not reloaded: \(error.description)\nunderstudy: still serving the stubs loaded before; fix the file and save it again"))
        }
        let previous = fromFiles.withLock { $0 }
        mock.stub(stubs)
        for stub in messageStubs where !mock.messages.replace(stub) { mock.messages.stub(stub) }
        let newStubs = Set(stubs.map(\.id))
        let newMessages = Set(messageStubs.map(\.id))
        for id in previous.stubs.subtracting(newStubs) { mock.removeStub(id: id) }
        for id in previous.messages.subtracting(newMessages) { mock.messages.removeStub(id: id) }
        fromFiles.withLock { $0 = (newStubs, newMessages) }
        let lines = ["understudy: reloaded \(stubs.count) stub(s) and \(messageStubs.count) message stub(s) from \(root.url.path)"]
            + ServeCommand.startupWarnings(warnings)
        return .success(lines.joined(separator: "\n"))
    }

    private func fingerprint() -> Fingerprint {
        var fingerprint = Fingerprint()
        for folder in [root.mappingsFolder, root.messageMappingsFolder] {
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.contentModificationDateKey, .fileSizeKey]) else { continue }
            for case let file as URL in files where file.pathExtension.lowercased() == "json" {
                let values = try? file.resourceValues(forKeys: [.contentModificationDateKey, .fileSizeKey])
                fingerprint.files[file.path] = [values?.contentModificationDate?.timeIntervalSince1970 ?? 0, Double(values?.fileSize ?? -1)]
            }
        }
        return fingerprint
    }
}
