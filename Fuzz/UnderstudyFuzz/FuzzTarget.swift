import Foundation
import Understudy
import UnderstudyGraphQL
import UnderstudyServer

/// What one fuzz target feeds its input to. Every target must return normally whatever the
/// bytes: a crash, a trap or a hang is a finding.
enum FuzzTarget: String, CaseIterable {
    case mappings, jsonpath, templates, pathtemplates, http, http2, xpath, jsonschema, websocket, graphql

    func run(_ data: Data) {
        switch self {
        case .mappings:
            _ = try? WireMockMappings.decode(data, extensions: .understudy)
        case .jsonpath:
            // First line: the expression; the rest: the document.
            let text = String(decoding: data, as: UTF8.self)
            let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            guard let path = try? JSONPath(String(parts[0])) else { return }
            if parts.count > 1, let document = try? JSONParser.parse(String(parts[1])) { _ = path.evaluate(document) }
        case .templates:
            let mock = HTTPMock(configuration: .init(templateRandomSeed: 1))
            mock.stub(.anyRequest, .ok.body(String(decoding: data, as: UTF8.self)).templated())
            _ = mock.serve(RecordedRequest(method: .post, url: "/fuzz/a/b?x=1&x=2", headers: ["Content-Type": "application/json"],
                                           body: Data(#"{"a":[1,2,{"b":"c"}],"d":"e"}"#.utf8)))
        case .pathtemplates:
            let text = String(decoding: data, as: UTF8.self)
            let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let pattern = RequestPattern.request(.any, .urlPathTemplate(String(parts[0])))
            _ = pattern.matches(RecordedRequest(method: .get, url: parts.count > 1 ? String(parts[1]) : "/a/b"))
        case .http:
            HTTPFuzzTarget.run(data)
        case .http2:
            HTTP2FuzzTarget.run(data)
        case .websocket:
            WebSocketFuzzTarget.run(data)
        case .xpath:
            // First line: the expression; the rest: the XML document (also compared with equalToXml).
            let text = String(decoding: data, as: UTF8.self)
            let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let document = parts.count > 1 ? String(parts[1]) : "<a/>"
            _ = StringValuePattern.matchesXPath(String(parts[0]), .contains("x")).match(document)
            _ = StringValuePattern.matchesXPath(String(parts[0]), namespaces: ["p": "urn:p"]).match(document)
            _ = (try? StringValuePattern.equalToXml(document, enablePlaceholders: true))?.match(document)
        case .graphql:
            // First line: the stub's query; the rest: the query the request sends. Both are
            // parsed, normalised, compared and explained in a near-miss report.
            let text = String(decoding: data, as: UTF8.self)
            let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let mock = HTTPMock()
            mock.stub(.graphQL(operation: "Q", query: String(parts[0]), variables: ["id": 1]), .ok)
            let sent = JSONValue.object(["query": .string(parts.count > 1 ? String(parts[1]) : String(parts[0])),
                                         "operationName": "Q", "variables": ["id": 2]])
            _ = mock.nearMisses(for: RecordedRequest(method: .post, url: "/graphql", body: Data(sent.jsonText().utf8))).text
        case .jsonschema:
            // First line: the schema; the rest: the document.
            let text = String(decoding: data, as: UTF8.self)
            let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            guard let schema = try? JSONParser.parse(String(parts[0])) else { return }
            for draft in JSONSchema.Draft.allCases {
                guard let checked = try? JSONSchema(schema, draft: draft, assertFormats: true) else { continue }
                _ = checked.validate((try? JSONParser.parse(parts.count > 1 ? String(parts[1]) : "null")) ?? .string(text))
            }
        }
    }

    /// The target named by `UNDERSTUDY_FUZZ_TARGET` (libFuzzer owns the command line).
    static var selected: FuzzTarget {
        let name = ProcessInfo.processInfo.environment["UNDERSTUDY_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            fatalError("set UNDERSTUDY_FUZZ_TARGET to one of \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return target
    }
}
