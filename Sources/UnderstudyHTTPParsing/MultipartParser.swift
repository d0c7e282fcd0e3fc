package import Foundation

/// Reads `multipart/*` bodies (RFC 2046, RFC 7578 `multipart/form-data`).
///
/// - The preamble before the first boundary line and the epilogue after the closing one are ignored.
/// - Line breaks may be CRLF or bare LF; the line break before a boundary belongs to the boundary.
/// - Bodies are searched as bytes, so binary parts (with CR, LF or NUL bytes inside) are kept exactly,
///   and text that merely starts like a boundary (`--XYZabc`, or `--XYZ` mid-line) is body content.
/// - Part headers are read as UTF-8; folded header lines (starting with a space or tab) are joined;
///   lines without `:` are skipped when the part has a blank line after its headers.
/// - At most ``maximumPartCount`` parts are read; more is an error.
package enum MultipartParser {
    /// The largest number of parts one body may have.
    package static let maximumPartCount = 1_000

    /// The `boundary` parameter of a `Content-Type` value (quoted or not), or `nil` when absent or empty.
    package static func boundary(fromContentType contentType: String) -> String? {
        let parameters = HeaderParameters.parse(contentType).parameters
        guard let boundary = HeaderParameters.value(of: "boundary", in: parameters), !boundary.isEmpty else {
            return nil
        }
        return boundary
    }

    /// The parts of a multipart body delimited by `boundary` (as given in the `Content-Type`, without `--`).
    package static func parse(_ body: Data, boundary: String) throws(MultipartParseError) -> [MultipartPart] {
        guard !boundary.isEmpty else { throw .emptyBoundary }
        let bytes = [UInt8](body)
        let scanner = DelimiterScanner(bytes: bytes, delimiter: Array("--\(boundary)".utf8))
        guard var delimiter = scanner.next(from: 0) else {
            throw .missingOpeningBoundary(boundary: boundary)
        }
        var parts: [MultipartPart] = []
        while !delimiter.isClosing {
            let contentStart = delimiter.end
            guard let following = scanner.next(from: contentStart) else {
                throw .missingClosingBoundary(boundary: boundary)
            }
            guard parts.count < maximumPartCount else { throw .tooManyParts(limit: maximumPartCount) }
            let contentEnd = max(contentStart, following.contentEnd)
            parts.append(try part(bytes[contentStart..<contentEnd], number: parts.count + 1))
            delimiter = following
        }
        return parts
    }

    /// Splits one part's bytes into headers and body.
    private static func part(_ content: ArraySlice<UInt8>, number: Int) throws(MultipartParseError) -> MultipartPart {
        var headers: [MultipartPart.HeaderField] = []
        var allLinesAreHeaders = true
        var position = content.startIndex
        while position < content.endIndex {
            let lineFeed = content[position...].firstIndex(of: UInt8(ascii: "\n"))
            var lineEnd = lineFeed ?? content.endIndex
            if lineEnd > position, content[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            let line = content[position..<lineEnd]
            if line.isEmpty, let lineFeed {
                return MultipartPart(headers: headers, body: Data(content[(lineFeed + 1)...]))
            }
            if !appendHeader(line, to: &headers) { allLinesAreHeaders = false }
            position = lineFeed.map { $0 + 1 } ?? content.endIndex
        }
        // No blank line: fine when everything was a header (a part with headers and no body).
        guard allLinesAreHeaders else { throw .missingHeaderSeparator(partNumber: number) }
        return MultipartPart(headers: headers, body: Data())
    }

    /// Adds a `Name: value` line (or a folded continuation line); false when the line is neither.
    private static func appendHeader(_ line: ArraySlice<UInt8>, to headers: inout [MultipartPart.HeaderField]) -> Bool {
        let text = String(decoding: line, as: UTF8.self)
        if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t"), !headers.isEmpty {
            let continuation = text.trimmingCharacters(in: .whitespaces)
            if !continuation.isEmpty { headers[headers.count - 1].value += " " + continuation }
            return true
        }
        guard let colon = text.firstIndex(of: ":") else { return false }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return false }
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers.append(MultipartPart.HeaderField(name: name, value: value))
        return true
    }
}

/// Finds delimiter lines (`--boundary` at the start of the body or right after a LF) in a byte buffer.
private struct DelimiterScanner {
    /// One delimiter line found in the body.
    struct Delimiter {
        /// Where the content before the delimiter ends (the CRLF or LF before it excluded).
        var contentEnd: Int
        /// Where the content after the delimiter line starts (after its line break).
        var end: Int
        /// Whether this is the closing delimiter `--boundary--`.
        var isClosing: Bool
    }

    let bytes: [UInt8]
    let delimiter: [UInt8]

    /// The first delimiter line starting at or after `start` (a line start), or `nil`.
    func next(from start: Int) -> Delimiter? {
        var position = start
        while position + delimiter.count <= bytes.count {
            if position == 0 || bytes[position - 1] == UInt8(ascii: "\n"), let found = match(at: position) {
                return found
            }
            guard let lineFeed = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            position = lineFeed + 1
        }
        return nil
    }

    /// The delimiter starting exactly at `position`, or `nil` when the bytes there are not one.
    private func match(at position: Int) -> Delimiter? {
        guard bytes[position..<(position + delimiter.count)].elementsEqual(delimiter) else { return nil }
        var contentEnd = position
        if position > 0 {
            contentEnd -= 1 // the LF
            if contentEnd > 0, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
        }
        var cursor = position + delimiter.count
        if cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "-"), bytes[cursor + 1] == UInt8(ascii: "-") {
            return Delimiter(contentEnd: contentEnd, end: bytes.count, isClosing: true)
        }
        // Transport padding (spaces, tabs) may follow, then the line break or the end of the body.
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") {
            cursor += 1
        }
        if cursor == bytes.count { return Delimiter(contentEnd: contentEnd, end: cursor, isClosing: false) }
        if bytes[cursor] == UInt8(ascii: "\n") { return Delimiter(contentEnd: contentEnd, end: cursor + 1, isClosing: false) }
        if bytes[cursor] == UInt8(ascii: "\r"), cursor + 1 < bytes.count, bytes[cursor + 1] == UInt8(ascii: "\n") {
            return Delimiter(contentEnd: contentEnd, end: cursor + 2, isClosing: false)
        }
        return nil
    }
}
