public import Foundation
public import Understudy

extension MappingsRoot {
    /// The folder of message stubs: `root/message-mappings` (WireMock 4's `MESSAGE_MAPPINGS_ROOT`).
    public var messageMappingsFolder: URL { url.appendingPathComponent(MessageMappingsPart.folder, isDirectory: true) }

    /// Every message stub under `message-mappings` (any depth, `*.json`, file order by path):
    /// one stub per file, or several as `{"messageMappings": [...]}`. A missing folder means
    /// none; throws ``MappingsLoadError`` naming every file that cannot be read or decoded.
    public func loadMessageMappings() throws(MappingsLoadError) -> [MessageStubMapping] {
        let files = try jsonFiles(in: messageMappingsFolder, named: MessageMappingsPart.folder)
        var stubs: [MessageStubMapping] = []
        var errors: [MappingDecodingError] = []
        for (file, name) in files {
            do {
                stubs += try WireMockMessageMappings.decode(try Data(contentsOf: file), file: name)
            } catch let error as MappingDecodingError {
                errors.append(error)
            } catch {
                errors.append(MappingDecodingError(file: name, path: "", message: "cannot be read: \(error.localizedDescription)"))
            }
        }
        if !errors.isEmpty { throw MappingsLoadError(errors: errors) }
        return stubs
    }
}

extension MappingsRoot {
    /// What would stop message stubs from being served as written: shared ids, files their
    /// bodies name that are not in `__files`, and inline bodies that are not valid templates.
    func messageStubProblems(_ stubs: [MessageStubMapping]) -> [String] {
        var problems: [String] = []
        var seen: Set<UUID> = []
        for stub in stubs {
            if !seen.insert(stub.id).inserted {
                problems.append("message stub \(stub.label) has the same id as another message stub; ids must be unique")
            }
            for action in stub.actions {
                switch action.body {
                case .file(let name, _)?:
                    do {
                        _ = try resolveBodyFile(named: name)
                    } catch {
                        problems.append("message stub \(stub.label): \(error)")
                    }
                case .text(let text)?:
                    if let problem = ResponseTemplater.parseProblem(text) { problems.append("message stub \(stub.label): template error in the body \(problem)") }
                case .json(let json)?:
                    if let problem = ResponseTemplater.parseProblem(json.jsonText()) { problems.append("message stub \(stub.label): template error in the body \(problem)") }
                case .binary?, nil:
                    break
                }
            }
        }
        return problems
    }
}

extension MappingsRoot {
    /// Checks `message-mappings/` as ``Understudy/MappingsRoot/lint(globalTemplating:extensions:)``
    /// checks `mappings/`: the message stubs that load and every problem (files that do not
    /// decode, shared ids, missing body files, bodies that are not valid templates).
    public func lintMessageMappings() -> (messageStubs: [MessageStubMapping], problems: [String]) {
        do {
            let stubs = try loadMessageMappings()
            return (stubs, messageStubProblems(stubs))
        } catch {
            return ([], error.errors.map(\.description))
        }
    }
}

extension LintReport {
    /// The message stubs of `message-mappings/` that loaded (WireMock 4), once
    /// ``addingMessageMappings(of:)`` has checked them.
    public var messageStubs: [MessageStubMapping] { extensionValues[[MessageStubMapping].self] ?? [] }

    /// This report with `root`'s `message-mappings/` checked too (``MappingsRoot/lintMessageMappings()``):
    /// its stubs in ``messageStubs``, its problems after the others.
    public func addingMessageMappings(of root: MappingsRoot) -> LintReport {
        let (stubs, problems) = root.lintMessageMappings()
        var report = self
        report.problems += problems
        report.extensionValues[[MessageStubMapping].self] = stubs
        return report
    }
}

/// `message-mappings/` as a part of a root folder: loading a root with `.messaging` among its
/// extensions holds these message stubs in the mock's ``HTTPMock/messages``.
enum MessageMappingsPart: MappingsRootPart {
    static let folder = "message-mappings"

    static func load(from root: MappingsRoot, into mock: HTTPMock) throws(MappingsLoadError) {
        for stub in try root.loadMessageMappings() { mock.messages.stub(stub) }
    }
}
