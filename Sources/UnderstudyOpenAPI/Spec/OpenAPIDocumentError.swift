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

    /// `petstore.yaml:12:5: at /paths/~1pets/get: responses must be an object`.
    public var description: String {
        var text = source
        if let location { text += ":\(location.line):\(location.column)" }
        text += ": "
        if !pointer.isEmpty { text += "at \(pointer): " }
        return text + message
    }
}
