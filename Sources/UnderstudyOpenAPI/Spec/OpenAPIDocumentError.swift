import Foundation
public import Understudy

/// An OpenAPI document that cannot be used: the file, where in it (line and column when known,
/// and the JSON pointer), and what is wrong.
public struct OpenAPIDocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file or name the document was read from.
    public let source: String
    /// Where in the file, when the problem has a place in the text.
    public let location: JSONSourceLocation?
    /// Where in the document, as a JSON pointer (`/paths/~1pets/get`); empty for the whole document.
    public let pointer: String
    /// What is wrong and how to fix it.
    public let message: String

    /// Creates the error.
    public init(source: String, location: JSONSourceLocation? = nil, pointer: String = "", message: String) {
        self.source = source
        self.location = location
        self.pointer = pointer
        self.message = message
    }

    /// The error with the line and column of its ``pointer`` (or of the nearest place above it
    /// that has one: a missing member has none), when it has none yet.
    func located(in locations: JSONSourceMap?, root: JSONValue) -> OpenAPIDocumentError {
        guard location == nil, let locations else { return self }
        var path = OpenAPIDocument.codingPath(pointer, in: root)
        while true {
            if let found = locations.location(of: path) {
                return OpenAPIDocumentError(source: source, location: found, pointer: pointer, message: message)
            }
            if path.isEmpty { return self }
            path.removeLast()
        }
    }

    /// `petstore.yaml:12:5: at /paths/~1pets/get: responses must be an object`.
    public var description: String {
        var text = source
        if let location { text += ":\(location.line):\(location.column)" }
        text += ": "
        if !pointer.isEmpty { text += "at \(pointer): " }
        return text + message
    }
}
