/// A WireMock mapping that cannot be read, with where and why.
///
/// ```
/// mappings/users.json:12:9: request.headers.Accept: unknown operator "equalsTo"; did you mean "equalTo"?
/// ```
public struct MappingDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, when the mapping came from one.
    public var file: String?
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?
    /// Where in the document: `request.headers.Accept`, `mappings[2].response.status`.
    public var path: String
    /// What is wrong and how to fix it.
    public var message: String

    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, path: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    public var description: String {
        Self.describe(file: file, line: line, column: column, context: [path], message: message)
    }

    /// `FILE:LINE:COL: CONTEXT…: message`, leaving out what is unknown or empty; errors and
    /// warnings about mappings share this form.
    static func describe(file: String?, line: Int?, column: Int?, context: [String], message: String) -> String {
        var location = file ?? ""
        if let line {
            location += (location.isEmpty ? "line \(line)" : ":\(line)") + (column.map { ":\($0)" } ?? "")
        }
        let prefix = ([location] + context).filter { !$0.isEmpty }.joined(separator: ": ")
        return prefix.isEmpty ? message : "\(prefix): \(message)"
    }
}
