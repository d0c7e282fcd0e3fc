public import Foundation
import UnderstudySupport

/// One part of a `multipart/*` request body.
public struct MultipartPart: Sendable, Hashable {
    /// One header line of a part, as received (name case kept, value trimmed).
    public struct HeaderField: Sendable, Hashable {
        /// The header name, for example `Content-Disposition`.
        public var name: String
        /// The header value, for example `form-data; name="file"`.
        public var value: String

        /// Creates a header field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The part's headers, in order.
    public var headers: [HeaderField]
    /// The part's body bytes, exactly as sent.
    public var body: Data
    /// The `name` parameter of the `Content-Disposition` header (the form field name), if any.
    public var name: String?
    /// The `filename` (or RFC 5987 `filename*`) parameter of the `Content-Disposition` header, if any.
    public var fileName: String?

    /// Creates a part; `name` and `fileName` are read from the `Content-Disposition` header.
    public init(headers: [HeaderField], body: Data) {
        self.headers = headers
        self.body = body
        let disposition = headers.first { $0.name.lowercased() == "content-disposition" }
        let parameters = disposition.map { HeaderParameters.parse($0.value).parameters } ?? []
        self.name = HeaderParameters.value(of: "name", in: parameters)
        self.fileName = HeaderParameters.value(of: "filename*", in: parameters).flatMap(Self.decodeExtendedValue)
            ?? HeaderParameters.value(of: "filename", in: parameters)
    }

    /// Decodes an RFC 5987 value such as `UTF-8''%E2%82%AC.txt`; `nil` for other charsets or bad syntax.
    private static func decodeExtendedValue(_ value: String) -> String? {
        let pieces = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3 else { return nil }
        let bytes = PercentEncoding.decode(bytes: Array(pieces[2].utf8), plusAsSpace: false)
        switch pieces[0].lowercased() {
        case "utf-8": return String(decoding: bytes, as: UTF8.self)
        case "iso-8859-1": return String(data: Data(bytes), encoding: .isoLatin1)
        default: return nil
        }
    }
}
