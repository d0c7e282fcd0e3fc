import Testing
@testable import Understudy
@testable import UnderstudyHTTPParsing

struct BasicAuthorizationTests {
    struct Credentials: Hashable, Sendable, CustomTestStringConvertible {
        let username: String
        let password: String
        var testDescription: String { "\(username):\(password)" }
    }

    static let credentialCases: [Credentials] = [
        Credentials(username: "Aladdin", password: "open sesame"),
        Credentials(username: "user", password: ""),
        Credentials(username: "", password: "secret"),
        Credentials(username: "admin", password: "a:b:c"),
        Credentials(username: "jörg", password: "pässwörd😀"),
    ]

    @Test
    func encodesTheRFCExample() {
        #expect(BasicAuthorization.headerValue(username: "Aladdin", password: "open sesame") == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
    }

    @Test(arguments: credentialCases)
    func roundTrips(_ credentials: Credentials) throws {
        let header = BasicAuthorization.headerValue(username: credentials.username, password: credentials.password)
        let decoded = try #require(BasicAuthorization.decode(header))
        #expect(Credentials(username: decoded.username, password: decoded.password) == credentials)
    }

    struct DecodeCase: CustomTestStringConvertible, Sendable {
        let header: String
        let expected: Credentials?
        var testDescription: String { header }
    }

    static let decodeCases: [DecodeCase] = [
        DecodeCase(header: "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==", expected: Credentials(username: "Aladdin", password: "open sesame")),
        DecodeCase(header: "basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==", expected: Credentials(username: "Aladdin", password: "open sesame")),
        DecodeCase(header: "  BASIC   QWxhZGRpbjpvcGVuIHNlc2FtZQ==  ", expected: Credentials(username: "Aladdin", password: "open sesame")),
        // Missing padding is tolerated.
        DecodeCase(header: "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ", expected: Credentials(username: "Aladdin", password: "open sesame")),
        // ISO-8859-1 credentials ("é:x" with é = 0xE9).
        DecodeCase(header: "Basic 6Tp4", expected: Credentials(username: "é", password: "x")),
        DecodeCase(header: "Bearer QWxhZGRpbjpvcGVuIHNlc2FtZQ==", expected: nil),
        DecodeCase(header: "Basic", expected: nil),
        DecodeCase(header: "Basic ", expected: nil),
        DecodeCase(header: "", expected: nil),
        DecodeCase(header: "Basic !!!notbase64", expected: nil),
        // "nocolon" has no ':' separator.
        DecodeCase(header: "Basic bm9jb2xvbg==", expected: nil),
    ]

    @Test(arguments: decodeCases)
    func decodes(_ testCase: DecodeCase) {
        let decoded = BasicAuthorization.decode(testCase.header).map { Credentials(username: $0.username, password: $0.password) }
        #expect(decoded == testCase.expected)
    }
}
