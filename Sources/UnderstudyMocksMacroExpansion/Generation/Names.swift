/// The spellings the generated code shares.
enum Names {
    static let module = "UnderstudyMocks"
    static let condition = "MOCKING || DEBUG"
    static let location = "\(module).MockSourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)"
    static let staticMocker = "Self.staticMockerOrReport(\(location))"

    static func member(_ name: String, key: String, kind: String) -> String {
        "\(module).MockMember(\(literal(name)), key: \(literal(key)), kind: .\(kind))"
    }

    /// `text` as a raw string literal.
    static func literal(_ text: String) -> String { "#\"\(text)\"#" }
}
