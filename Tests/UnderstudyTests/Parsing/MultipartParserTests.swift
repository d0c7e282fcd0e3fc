import Foundation
import Testing
@testable import Understudy
@testable import UnderstudyHTTPParsing

struct MultipartParserTests {
    /// Joins text lines with CRLF (the wire format).
    static func crlf(_ lines: String...) -> Data { Data(lines.joined(separator: "\r\n").utf8) }

    static func field(_ name: String, _ value: String) -> MultipartPart.HeaderField {
        MultipartPart.HeaderField(name: name, value: value)
    }

    // MARK: Boundary from Content-Type

    struct BoundaryCase: CustomTestStringConvertible, Sendable {
        let contentType: String
        let expected: String?
        var testDescription: String { contentType }
    }

    static let boundaryCases: [BoundaryCase] = [
        BoundaryCase(contentType: "multipart/form-data; boundary=XYZ", expected: "XYZ"),
        BoundaryCase(contentType: "multipart/form-data;boundary=XYZ", expected: "XYZ"),
        BoundaryCase(contentType: "multipart/form-data; charset=utf-8; Boundary=----WebKitFormBoundary7MA4YWxk", expected: "----WebKitFormBoundary7MA4YWxk"),
        BoundaryCase(contentType: "multipart/mixed; boundary=\"gc0p4Jq0M2Yt08jU534c0p\"", expected: "gc0p4Jq0M2Yt08jU534c0p"),
        BoundaryCase(contentType: "multipart/form-data; boundary=\"with space;and=semicolon\"; charset=utf-8", expected: "with space;and=semicolon"),
        BoundaryCase(contentType: "multipart/form-data; boundary=XYZ ; charset=utf-8", expected: "XYZ"),
        BoundaryCase(contentType: "multipart/form-data", expected: nil),
        BoundaryCase(contentType: "multipart/form-data; boundary=", expected: nil),
        BoundaryCase(contentType: "multipart/form-data; boundary=\"\"", expected: nil),
        BoundaryCase(contentType: "multipart/form-data; notboundary=XYZ", expected: nil),
    ]

    @Test(arguments: boundaryCases)
    func boundaryFromContentType(_ testCase: BoundaryCase) {
        #expect(MultipartParser.boundary(fromContentType: testCase.contentType) == testCase.expected)
    }

    // MARK: Parsing

    struct ExpectedPart: Sendable {
        let headers: [MultipartPart.HeaderField]
        let body: Data
        let name: String?
        let fileName: String?

        init(_ headers: [MultipartPart.HeaderField], _ body: Data, name: String? = nil, fileName: String? = nil) {
            self.headers = headers
            self.body = body
            self.name = name
            self.fileName = fileName
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let body: Data
        let expected: [ExpectedPart]
        var testDescription: String { label }
    }

    static let binary: Data = {
        var bytes: [UInt8] = [0x00, 0xFF, 0x0D, 0x0A, 0x0D, 0x0A, 0xFE]
        bytes += Array("\r\n--XY\r\n--XYZabc\r\nnot--XYZ\r\n--XYZ-\r\n--XYZ-x".utf8)
        bytes += [0x0D, 0x0D, 0x0A, 0x00]
        return Data(bytes)
    }()

    static let cases: [Case] = [
        Case(
            label: "two form fields and a file, CRLF",
            body: crlf(
                "--XYZ",
                "Content-Disposition: form-data; name=\"title\"",
                "",
                "Hello",
                "--XYZ",
                "Content-Disposition: form-data; name=empty",
                "",
                "",
                "--XYZ",
                "Content-Disposition: form-data; name=\"file\"; filename=\"notes.txt\"",
                "Content-Type: text/plain",
                "",
                "line one",
                "line two",
                "--XYZ--",
                ""
            ),
            expected: [
                ExpectedPart([field("Content-Disposition", "form-data; name=\"title\"")], Data("Hello".utf8), name: "title"),
                ExpectedPart([field("Content-Disposition", "form-data; name=empty")], Data(), name: "empty"),
                ExpectedPart(
                    [field("Content-Disposition", "form-data; name=\"file\"; filename=\"notes.txt\""), field("Content-Type", "text/plain")],
                    Data("line one\r\nline two".utf8), name: "file", fileName: "notes.txt"
                ),
            ]
        ),
        Case(
            label: "bare LF line breaks",
            body: Data("--XYZ\nContent-Disposition: form-data; name=a\n\nfirst\nsecond\n--XYZ\ncontent-disposition: form-data; name=b\n\n2\n--XYZ--\n".utf8),
            expected: [
                ExpectedPart([field("Content-Disposition", "form-data; name=a")], Data("first\nsecond".utf8), name: "a"),
                ExpectedPart([field("content-disposition", "form-data; name=b")], Data("2".utf8), name: "b"),
            ]
        ),
        Case(
            label: "preamble and epilogue ignored",
            body: crlf(
                "This is the preamble.",
                "--XYZ is mentioned here but not at a line start: x--XYZ",
                "--XYZ",
                "Content-Type: text/plain",
                "",
                "body",
                "--XYZ--",
                "This is the epilogue.",
                "--XYZ",
                "ignored too"
            ),
            expected: [ExpectedPart([field("Content-Type", "text/plain")], Data("body".utf8))]
        ),
        Case(
            label: "binary body with CRLF, NUL and boundary-like text inside",
            body: crlf("--XYZ", "Content-Disposition: form-data; name=\"blob\"; filename=\"b.bin\"", "Content-Type: application/octet-stream", "", "")
                + binary + crlf("", "--XYZ--"),
            expected: [
                ExpectedPart(
                    [
                        field("Content-Disposition", "form-data; name=\"blob\"; filename=\"b.bin\""),
                        field("Content-Type", "application/octet-stream"),
                    ],
                    binary, name: "blob", fileName: "b.bin"
                ),
            ]
        ),
        Case(
            label: "body that ends with a blank line keeps it",
            body: crlf("--XYZ", "", "text", "", "--XYZ--"),
            expected: [ExpectedPart([], Data("text\r\n".utf8))]
        ),
        Case(
            label: "part without headers",
            body: crlf("--XYZ", "", "no headers here", "--XYZ--"),
            expected: [ExpectedPart([], Data("no headers here".utf8))]
        ),
        Case(
            label: "completely empty parts",
            body: crlf("--XYZ", "", "", "--XYZ", "--XYZ", "", "--XYZ--"),
            expected: [ExpectedPart([], Data()), ExpectedPart([], Data()), ExpectedPart([], Data())]
        ),
        Case(
            label: "headers only, no blank line before the next boundary",
            body: crlf("--XYZ", "Content-Disposition: form-data; name=\"flag\"", "--XYZ--"),
            expected: [ExpectedPart([field("Content-Disposition", "form-data; name=\"flag\"")], Data(), name: "flag")]
        ),
        Case(
            label: "only a closing boundary",
            body: crlf("--XYZ--"),
            expected: []
        ),
        Case(
            label: "transport padding after boundaries and no line break after the closing one",
            body: Data("--XYZ  \r\nContent-Type: text/plain\r\n\r\npadded\r\n--XYZ\t\r\n\r\nsecond\r\n--XYZ--".utf8),
            expected: [
                ExpectedPart([field("Content-Type", "text/plain")], Data("padded".utf8)),
                ExpectedPart([], Data("second".utf8)),
            ]
        ),
        Case(
            label: "folded header, spaces around name and value, malformed header line skipped",
            body: crlf(
                "--XYZ",
                "Content-Disposition: form-data;",
                "\tname=\"folded\"",
                "X-Custom :  spaced  ",
                "this line is not a header",
                "",
                "v",
                "--XYZ--"
            ),
            expected: [
                ExpectedPart(
                    [field("Content-Disposition", "form-data; name=\"folded\""), field("X-Custom", "spaced")],
                    Data("v".utf8), name: "folded"
                ),
            ]
        ),
        Case(
            label: "file names: escaped quote, Windows path, UTF-8, RFC 5987",
            body: crlf(
                "--XYZ",
                "Content-Disposition: form-data; NAME=\"q\"; FileName=\"say \\\"hi\\\".txt\"",
                "",
                "1",
                "--XYZ",
                "Content-Disposition: form-data; name=w; filename=\"C:\\Users\\me\\a.txt\"",
                "",
                "2",
                "--XYZ",
                "Content-Disposition: form-data; name=\"ü\"; filename=\"résumé.pdf\"",
                "",
                "3",
                "--XYZ",
                "Content-Disposition: attachment; filename=\"fallback.txt\"; filename*=UTF-8''%E2%82%AC%20rates.txt",
                "",
                "4",
                "--XYZ--"
            ),
            expected: [
                ExpectedPart([field("Content-Disposition", "form-data; NAME=\"q\"; FileName=\"say \\\"hi\\\".txt\"")],
                             Data("1".utf8), name: "q", fileName: "say \"hi\".txt"),
                ExpectedPart([field("Content-Disposition", "form-data; name=w; filename=\"C:\\Users\\me\\a.txt\"")],
                             Data("2".utf8), name: "w", fileName: "C:\\Users\\me\\a.txt"),
                ExpectedPart([field("Content-Disposition", "form-data; name=\"ü\"; filename=\"résumé.pdf\"")],
                             Data("3".utf8), name: "ü", fileName: "résumé.pdf"),
                ExpectedPart([field("Content-Disposition", "attachment; filename=\"fallback.txt\"; filename*=UTF-8''%E2%82%AC%20rates.txt")],
                             Data("4".utf8), name: nil, fileName: "€ rates.txt"),
            ]
        ),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: Case) throws {
        let parts = try MultipartParser.parse(testCase.body, boundary: "XYZ")
        #expect(parts.count == testCase.expected.count)
        for (part, expected) in zip(parts, testCase.expected) {
            #expect(part.headers == expected.headers)
            #expect(part.body == expected.body)
            #expect(part.name == expected.name)
            #expect(part.fileName == expected.fileName)
        }
    }

    @Test
    func boundaryWithRegexAndSpaceCharacters() throws {
        let boundary = "a.b+c (d)?"
        let body = Data("--\(boundary)\r\nContent-Type: text/plain\r\n\r\nok\r\n--\(boundary)--\r\n".utf8)
        let parts = try MultipartParser.parse(body, boundary: boundary)
        #expect(parts.map(\.body) == [Data("ok".utf8)])
    }

    // MARK: Errors

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let label: String
        let body: Data
        let boundary: String
        let error: MultipartParseError
        var testDescription: String { label }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(label: "empty boundary", body: crlf("--", "--"), boundary: "", error: .emptyBoundary),
        ErrorCase(label: "empty body", body: Data(), boundary: "XYZ", error: .missingOpeningBoundary(boundary: "XYZ")),
        ErrorCase(label: "other boundary", body: crlf("--ABC", "", "x", "--ABC--"), boundary: "XYZ",
                  error: .missingOpeningBoundary(boundary: "XYZ")),
        ErrorCase(label: "boundary only mid-line", body: crlf("text --XYZ", "more --XYZ--"), boundary: "XYZ",
                  error: .missingOpeningBoundary(boundary: "XYZ")),
        ErrorCase(label: "no closing boundary", body: crlf("--XYZ", "Content-Type: text/plain", "", "truncated"), boundary: "XYZ",
                  error: .missingClosingBoundary(boundary: "XYZ")),
        ErrorCase(label: "ends on an opening boundary", body: crlf("--XYZ", "", "a", "--XYZ"), boundary: "XYZ",
                  error: .missingClosingBoundary(boundary: "XYZ")),
        ErrorCase(label: "closing boundary not at a line start", body: crlf("--XYZ", "", "a --XYZ--"), boundary: "XYZ",
                  error: .missingClosingBoundary(boundary: "XYZ")),
        ErrorCase(label: "text without a blank line after the headers", body: crlf("--XYZ", "", "ok", "--XYZ", "just text", "--XYZ--"),
                  boundary: "XYZ", error: .missingHeaderSeparator(partNumber: 2)),
    ]

    @Test(arguments: errorCases)
    func rejects(_ testCase: ErrorCase) {
        #expect(throws: testCase.error) {
            try MultipartParser.parse(testCase.body, boundary: testCase.boundary)
        }
    }

    @Test
    func missingClosingBoundaryMessageNamesTheBoundary() {
        let message = MultipartParseError.missingClosingBoundary(boundary: "XYZ").description
        #expect(message.hasPrefix("multipart body has no closing boundary '--XYZ--'"))
    }

    @Test
    func errorMessagesNameTheProblem() {
        #expect(MultipartParseError.missingOpeningBoundary(boundary: "abc").description.contains("'--abc'"))
        #expect(MultipartParseError.tooManyParts(limit: 1_000).description.contains("more than 1000 parts"))
        #expect(MultipartParseError.missingHeaderSeparator(partNumber: 3).description.contains("part 3"))
        #expect(MultipartParseError.emptyBoundary.description.contains("boundary is empty"))
    }

    static func body(partCount: Int) -> Data {
        var text = ""
        for index in 0..<partCount {
            text += "--XYZ\r\nContent-Disposition: form-data; name=\"f\(index)\"\r\n\r\n\(index)\r\n"
        }
        return Data((text + "--XYZ--\r\n").utf8)
    }

    @Test
    func readsUpToTheLimitOfParts() throws {
        let parts = try MultipartParser.parse(Self.body(partCount: MultipartParser.maximumPartCount), boundary: "XYZ")
        #expect(parts.count == 1_000)
        #expect(parts.last?.name == "f999")
        #expect(parts.last?.body == Data("999".utf8))
    }

    @Test
    func rejectsMoreThanTheLimitOfParts() {
        #expect(throws: MultipartParseError.tooManyParts(limit: 1_000)) {
            try MultipartParser.parse(Self.body(partCount: MultipartParser.maximumPartCount + 1), boundary: "XYZ")
        }
    }

    @Test
    func partInitializerReadsNameAndFileName() {
        let part = MultipartPart(
            headers: [Self.field("Content-Type", "image/png"), Self.field("CONTENT-DISPOSITION", "form-data; name=avatar; filename=me.png")],
            body: Data([1, 2, 3])
        )
        #expect(part.name == "avatar")
        #expect(part.fileName == "me.png")
        #expect(MultipartPart(headers: [], body: Data()).name == nil)
    }
}
