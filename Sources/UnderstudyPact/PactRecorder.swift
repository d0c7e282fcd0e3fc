public import Foundation
import UnderstudySupport

/// One contract from the traffic of several mocks: a suite's tests each have a mock of their
/// own, and the suite's contract holds what all of them served. The `.mockHTTP` trait's
/// `pact(consumer:provider:specification:directory:)` keeps one for a suite.
///
/// ```swift
/// let recorder = PactRecorder(consumer: "App", provider: "Users")
/// for id in [1, 2] {
///     let mock = HTTPMock()
///     mock.stub(.get(urlPath: "/users/\(id)"), .ok.json(["id": .number(JSONNumber(id))]), name: "Get user \(id)")
///     _ = mock.serve(RecordedRequest(method: .get, url: "/users/\(id)"))
///     recorder.add(mock)
/// }
/// recorder.contract.interactions   // ["Get user 1", "Get user 2"]
/// ```
public final class PactRecorder: Sendable {
    /// The consumer's name.
    public let consumer: String
    /// The provider's name.
    public let provider: String
    /// The file format the contract is written in.
    public let specification: PactSpecification
    private let entries = Locked<[PactExporter.Entry]>([])

    /// A recorder with nothing recorded yet.
    public init(consumer: String, provider: String, specification: PactSpecification = .v4) {
        self.consumer = consumer
        self.provider = provider
        self.specification = specification
    }

    /// Adds what `mock` has served so far (its journal, with its bodies read now).
    public func add(_ mock: HTTPMock) {
        let added = mock.pactEntries
        entries.withLock { $0 += added }
    }

    /// The contract of everything added, in the order it was added.
    public var contract: PactContract {
        PactExporter(consumer: consumer, provider: provider, specification: specification).contract(of: entries.withLock { $0 })
    }

    /// Writes ``contract`` as `Consumer-Provider.json` into `directory`; returns the file's URL.
    /// Writes are one at a time, each with everything added before it, so that tests writing
    /// as they end (in parallel) leave the file with all of them.
    @discardableResult
    public func write(to directory: URL = PactContract.defaultDirectory) throws -> URL {
        try entries.withLock { entries in
            try PactExporter(consumer: consumer, provider: provider, specification: specification).contract(of: entries).write(to: directory)
        }
    }
}
