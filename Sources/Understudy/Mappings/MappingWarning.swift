/// Something in a WireMock mapping that loads but is ignored or probably not what was meant:
/// an operator key after the one a pattern uses, a URL key another one outranks, a likely typo.
///
/// ```
/// mappings/users.json:12:9: stub "Get user" (id 8c5db8b0-…): request.headers.Accept: "contains" is ignored; …
/// ```
public struct MappingWarning: Sendable, Hashable, CustomStringConvertible {
    /// The file, when the mapping came from one.
    public var file: String?
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?
    /// The stub the warning is about, once it has decoded.
    public var stub: StubIdentity?
    /// Where in the document: `request.headers.Accept`, `mappings[2].request`.
    public var path: String
    /// What is ignored and what to write instead.
    public var message: String

    /// Creates a warning.
    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, stub: StubIdentity? = nil, path: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.stub = stub
        self.path = path
        self.message = message
    }

    /// `FILE:LINE:COL: stub LABEL: PATH: message`, leaving out what is unknown.
    public var description: String {
        MappingDecodingError.describe(file: file, line: line, column: column, context: [stub.map { "stub \($0.label)" } ?? "", path],
                                      message: message)
    }
}

/// The warnings one decoding collects. A decoding owns its log (it travels in
/// ``JSONReader/Source``), so nothing is shared between documents or threads.
package final class MappingWarningLog {
    package private(set) var warnings: [MappingWarning] = []

    package func append(_ warning: MappingWarning) { warnings.append(warning) }

    /// Gives every warning recorded since `start` to `stub`.
    func attribute(from start: Int, to stub: StubIdentity) {
        for index in warnings.indices.dropFirst(start) where warnings[index].stub == nil {
            warnings[index].stub = stub
        }
    }
}
