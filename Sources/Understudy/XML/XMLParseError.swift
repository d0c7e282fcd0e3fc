import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A document that is not well-formed XML, with where the parser stopped.
public struct XMLParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line the parser stopped at, from 1.
    public let line: Int
    /// The column the parser stopped at, from 1.
    public let column: Int
    /// What was wrong.
    public let message: String

    /// Creates the error.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(message) (line \(line), column \(column))" }

    /// A readable reason for `XMLParser`'s error (its own descriptions are empty on Linux).
    static func describe(_ error: (any Error)?) -> String {
        guard let error = error as NSError?, let code = XMLParser.ErrorCode(rawValue: error.code) else {
            return "the document is not well-formed XML"
        }
        switch code {
        case .prematureDocumentEndError: return "the document ends before its root element is closed"
        case .tagNameMismatchError: return "an end tag does not match the start tag it closes"
        case .ltRequiredError, .documentStartError, .emptyDocumentError: return "the document does not start with an element"
        case .attributeNotStartedError, .attributeNotFinishedError, .attributeRedefinedError:
            return "an attribute is malformed (every attribute needs a quoted value and a unique name)"
        case .entityRefAtEOFError, .entityRefLoopError, .undeclaredEntityError, .entityReferenceMissingSemiError,
             .entityReferenceWithoutNameError, .unparsedEntityError, .entityIsExternalError, .entityIsParameterError:
            return "an entity reference is undefined or malformed (escape & as &amp;)"
        case .gtRequiredError: return "a tag is not closed with >"
        case .notWellBalancedError, .extraContentError: return "there is content after the root element, or tags are not balanced"
        case .namespaceDeclarationError: return "a namespace declaration is malformed"
        default: return "the document is not well-formed XML (XMLParser error \(error.code))"
        }
    }
}
