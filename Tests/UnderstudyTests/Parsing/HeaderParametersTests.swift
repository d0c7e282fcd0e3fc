import Testing
@testable import Understudy
@testable import UnderstudyHTTPParsing

struct HeaderParametersTests {
    struct Parameter: Hashable, Sendable {
        let name: String
        let value: String
        init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let header: String
        let value: String
        let parameters: [Parameter]
        var testDescription: String { header }
    }

    static let cases: [Case] = [
        Case(header: "form-data", value: "form-data", parameters: []),
        Case(header: " form-data ; name=field ", value: "form-data", parameters: [Parameter("name", "field")]),
        Case(header: "form-data; name=\"field\"; filename=\"a.txt\"", value: "form-data",
             parameters: [Parameter("name", "field"), Parameter("filename", "a.txt")]),
        Case(header: "form-data; filename=\"a;b=c.txt\"; name=x", value: "form-data",
             parameters: [Parameter("filename", "a;b=c.txt"), Parameter("name", "x")]),
        Case(header: "form-data; filename=\"say \\\"hi\\\".txt\"", value: "form-data",
             parameters: [Parameter("filename", "say \"hi\".txt")]),
        Case(header: "form-data; filename=\"C:\\tmp\\a.txt\"", value: "form-data",
             parameters: [Parameter("filename", "C:\\tmp\\a.txt")]),
        Case(header: "form-data; name=\"unterminated", value: "form-data", parameters: [Parameter("name", "unterminated")]),
        Case(header: "form-data; novalue; =nameless; name = spaced ", value: "form-data",
             parameters: [Parameter("name", "spaced")]),
        Case(header: "form-data; name=\"\"", value: "form-data", parameters: [Parameter("name", "")]),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: Case) {
        let parsed = HeaderParameters.parse(testCase.header)
        #expect(parsed.value == testCase.value)
        #expect(parsed.parameters.map { Parameter($0.name, $0.value) } == testCase.parameters)
    }

    @Test
    func looksUpNamesCaseInsensitively() {
        let parameters = HeaderParameters.parse("form-data; NAME=first; name=second").parameters
        #expect(HeaderParameters.value(of: "name", in: parameters) == "first")
        #expect(HeaderParameters.value(of: "filename", in: parameters) == nil)
    }
}
