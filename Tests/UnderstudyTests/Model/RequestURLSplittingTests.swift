import Foundation
import Testing
import Understudy
import UnderstudySupport

/// How a request's URL (and, for an origin-form URL, its `Host` header) is split into scheme,
/// host, port, path and query: the byte-scanning splitter the server runs for every request,
/// checked against a plain splitter over Unicode scalars written from the rules.
struct RequestURLSplittingTests {
    @Test(arguments: [
        ("/users?page=2", "api.test:8443", "http", "api.test", 8443, "/users", "page=2" as String?),
        ("http://h.test/a/b?x#frag", nil, "http", "h.test", 80, "/a/b", "x"),
        ("HTTPS://user:pw@[::1]:9000", nil, "https", "[::1]", 9000, "/", nil),
        ("https://[::1]/p", nil, "https", "[::1]", 443, "/p", nil),
        ("/p", "host:notaport", "http", "host:notaport", 80, "/p", nil),
        ("/p", "host:+81", "http", "host", 81, "/p", nil),
        ("/p?", nil, "http", "localhost", 80, "/p", ""),
        ("?q=1", "h", "http", "h", 80, "/", "q=1"),
        ("mailto:x/y", nil, "http", "localhost", 80, "mailto:x/y", nil),
    ] as [(String, String?, String, String, Int, String, String?)])
    func aURLIsSplitAsWireMockDoes(url: String, hostHeader: String?, scheme: String, host: String, port: Int, path: String, query: String?) {
        let request = RecordedRequest(method: .get, url: url, headers: hostHeader.map { ["Host": $0] } ?? [:])
        #expect(request.scheme == scheme)
        #expect(request.host == host)
        #expect(request.port == port)
        #expect(request.path == path)
        #expect(request.rawQuery == query)
    }

    /// A combining mark after a delimiter stays with the piece it begins (the splitter cuts on
    /// scalars, not on characters, which would join it to the `?`).
    @Test func aCombiningMarkAfterADelimiterStaysWithItsPiece() {
        let request = RecordedRequest(method: .get, url: "/caf\u{301}?\u{301}x=1")
        #expect(request.path == "/caf\u{301}")
        #expect(request.rawQuery == "\u{301}x=1")
    }

    @Test func randomURLsSplitAsThePlainSplitterSays() {
        var generator = SplitMix64(seed: 28)
        let pieces = ["a", "B", "1", "9", "0", ":", "/", "?", "#", "@", "[", "]", ".", "-", "+", "é", "%", "//", "::1",
                      "http://", "https://", "Https://", "\u{301}", "8080", "99999999999999999999"]
        func text(_ count: Int) -> String {
            (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
        }
        for _ in 0..<4_000 {
            let url = (generator.next() % 3 == 0 ? "/" : "") + text(Int(generator.next() % 9))
            let hostHeader = generator.next() % 4 == 0 ? nil : text(Int(generator.next() % 5))
            let request = RecordedRequest(method: .get, url: url, headers: hostHeader.map { ["Host": $0] } ?? [:])
            let expected = PlainSplit(url, hostHeader: hostHeader)
            #expect(request.scheme == expected.scheme, "\(url) with Host \(hostHeader ?? "none")")
            #expect(request.host == expected.host, "\(url) with Host \(hostHeader ?? "none")")
            #expect(request.port == expected.port, "\(url) with Host \(hostHeader ?? "none")")
            #expect(request.path == expected.path, "\(url) with Host \(hostHeader ?? "none")")
            #expect(request.rawQuery == expected.query, "\(url) with Host \(hostHeader ?? "none")")
        }
    }
}

/// The rules, over arrays of scalars: drop the fragment; an absolute URL (`scheme://`, before
/// any `/` or `?`) gives the scheme and the authority up to the path or query, otherwise the
/// `Host` header is the authority; the authority's user info is dropped and a number after its
/// last colon (outside IPv6 brackets) is the port; the query follows the first `?`.
private struct PlainSplit {
    var scheme = "http"
    var host = "localhost"
    var port = 80
    var path = "/"
    var query: String?

    init(_ url: String, hostHeader: String?) {
        func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(scalars)) }
        var rest = ArraySlice(url.unicodeScalars)
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        var authority: ArraySlice<Unicode.Scalar>?
        if rest.first != "/", let stop = rest.firstIndex(where: { $0 == ":" || $0 == "/" || $0 == "?" }), rest[stop] == ":",
           rest[(stop + 1)...].starts(with: ["/", "/"]) {
            scheme = string(rest[..<stop]).lowercased()
            rest = rest[(stop + 3)...]
            let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            authority = rest[..<end]
            rest = rest[end...]
        } else if let hostHeader {
            authority = ArraySlice(hostHeader.unicodeScalars)
        }
        port = scheme == "https" ? 443 : 80
        if var hostPort = authority, !hostPort.isEmpty {
            if let at = hostPort.lastIndex(of: "@") { hostPort = hostPort[(at + 1)...] }
            let searchStart = hostPort.lastIndex(of: "]") ?? hostPort.startIndex
            if let colon = hostPort[searchStart...].lastIndex(of: ":"), let number = Int(string(hostPort[(colon + 1)...])) {
                port = number
                hostPort = hostPort[..<colon]
            }
            host = string(hostPort)
        }
        if let mark = rest.firstIndex(of: "?") {
            query = string(rest[(mark + 1)...])
            rest = rest[..<mark]
        }
        path = rest.isEmpty ? "/" : string(rest)
    }
}
