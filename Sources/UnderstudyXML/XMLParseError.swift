import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A document that is not well-formed XML, with where the parser stopped.
package struct XMLParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line the parser stopped at, from 1.
    let line: Int
    /// The column the parser stopped at, from 1.
    let column: Int
    /// What was wrong.
    let message: String

    package var description: String { "\(message) (line \(line), column \(column))" }

    /// A readable reason for `XMLParser`'s error, by its code (libxml2's, which Apple's parser
    /// shares); the parser's own descriptions are empty on Linux.
    static func describe(_ error: (any Error)?) -> String {
        guard let code = (error as NSError?)?.code else { return "the document is not well-formed XML" }
        switch code {
        case 4: return "the document is empty"
        case 5: return "the document ends before its root element is closed"
        case 23, 24, 26, 27, 28, 29, 30: return "an entity reference is undefined or malformed (escape & as &amp;)"
        case 39, 40, 41, 42, 65: return "an attribute is malformed (every attribute needs a quoted value and a unique name)"
        case 73: return "a tag is not closed with >"
        case 76: return "an end tag does not match the start tag it closes"
        case 85, 86: return "there is content after the root element, or tags are not balanced"
        default: return "the document is not well-formed XML (XMLParser error \(code))"
        }
    }
}
