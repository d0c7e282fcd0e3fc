public import Foundation

/// A Pact contract written from a mock's journal: one interaction per distinct request shape
/// the mock's stubs answered, and the patterns the contract could not carry (``gaps``).
///
/// ```swift
/// let mock = HTTPMock()
/// mock.stub(.request(.get, .urlPathPattern("/users/[0-9]+")), .ok.json(["id": 2]), name: "Get user")
/// _ = mock.serve(RecordedRequest(method: .get, url: "/users/2"))
/// let contract = mock.pactContract(consumer: "App", provider: "Users")
/// contract.interactions   // ["Get user"]
/// ```
public struct PactContract: Sendable {
    /// The consumer's name (`consumer.name`).
    public let consumer: String
    /// The provider's name (`provider.name`).
    public let provider: String
    /// The file format it is written in.
    public let specification: PactSpecification
    /// The descriptions of its interactions, in the order they were first served.
    public let interactions: [String]
    /// The patterns it could not carry, also listed in the document's
    /// `metadata.understudy.patternsWithoutPactEquivalent` (and, in v4, each interaction's
    /// `comments.text`).
    public let gaps: [PactGap]
    /// The Pact document.
    public let document: JSONValue

    /// The document as pretty-printed JSON text.
    public var data: Data { document.jsonData(pretty: true) }

    /// The file name Pact's tools give a contract: `Consumer-Provider.json`.
    public var fileName: String { "\(Self.safe(consumer))-\(Self.safe(provider)).json" }

    /// Where `mock.pact(consumer:provider:)` writes by default:
    /// `pacts/` under the current directory, as Pact's own libraries do.
    public static var defaultDirectory: URL { URL(fileURLWithPath: "pacts", isDirectory: true) }

    /// Writes the document as ``fileName`` into `directory` (made if missing), replacing a
    /// file of that name; returns the file's URL.
    @discardableResult
    public func write(to directory: URL = PactContract.defaultDirectory) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(fileName)
        try data.write(to: file, options: .atomic)
        return file
    }

    /// A name with the characters a file name cannot hold replaced by `_`.
    private static func safe(_ name: String) -> String {
        String(name.map { $0 == "/" || $0 == "\\" || $0 == ":" || $0.isNewline ? "_" : $0 })
    }
}
