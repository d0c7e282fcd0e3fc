/// Why a `multipart/*` body could not be read.
package enum MultipartParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The boundary parameter is empty.
    case emptyBoundary
    /// The body never contains the opening delimiter line `--boundary`.
    case missingOpeningBoundary(boundary: String)
    /// The body ends before the closing delimiter `--boundary--`.
    case missingClosingBoundary(boundary: String)
    /// The body has more parts than the parser reads.
    case tooManyParts(limit: Int)
    /// A part (counted from 1) has text that is not a header but no empty line before it.
    case missingHeaderSeparator(partNumber: Int)

    /// A message naming the problem and how to fix it.
    package var description: String {
        switch self {
        case .emptyBoundary:
            "multipart boundary is empty; give the Content-Type a non-empty boundary, "
                + "for example 'multipart/form-data; boundary=XYZ'"
        case .missingOpeningBoundary(let boundary):
            "multipart body never contains the boundary line '--\(boundary)'; "
                + "check that the boundary in the Content-Type header is the one used in the body"
        case .missingClosingBoundary(let boundary):
            "multipart body has no closing boundary '--\(boundary)--'; end the body with a line '--\(boundary)--'"
        case .tooManyParts(let limit):
            "multipart body has more than \(limit) parts; Understudy reads at most \(limit) parts per request"
        case .missingHeaderSeparator(let partNumber):
            "multipart part \(partNumber) has no empty line between its headers and its body; "
                + "separate them with a blank line (CRLF CRLF)"
        }
    }
}
