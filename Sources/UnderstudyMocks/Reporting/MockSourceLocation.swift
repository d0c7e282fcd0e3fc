/// Where an issue about a mock lands: the line of the test that made the mock, or wrote the
/// failing `verify`.
public struct MockSourceLocation: Sendable {
    public let fileID: String
    public let filePath: StaticString
    public let line: UInt
    public let column: UInt

    public init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}
