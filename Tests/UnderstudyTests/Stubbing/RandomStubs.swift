import Foundation
import UnderstudySupport
@testable import Understudy

/// Random stubs and requests from a small vocabulary (seeded, so a failure names its seed):
/// exact paths and URLs, templates, regexes with and without a literal start, any URL, three
/// methods, priorities, operations, a few header, query and body patterns and scenario states,
/// and requests that hit, nearly hit or miss them, some with non-ASCII paths.
struct RandomStubs {
    /// Path segments stubs and requests are built from; a few repeat on purpose, so that
    /// templates, prefixes and exact paths overlap.
    static let segments = ["a", "b", "users", "42", "x.json", "", "K", "ab", "a.b"]

    var random: SplitMix64

    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func path() -> String {
        let depth = Int.random(in: 0...3, using: &random)
        return "/" + (0..<depth).map { _ in pick(RandomStubs.segments) }.joined(separator: "/")
    }

    mutating func template() -> String {
        let depth = Int.random(in: 0...3, using: &random)
        return "/" + (0..<depth).map { index in
            // The Kelvin sign (not ASCII) equals `K` to Swift: the index must walk it as a variable.
            chance(40) ? pick(["{v\(index)}", "{v\(index)}.json", "a{v\(index)}", "{v\(index)}b"]) : pick(RandomStubs.segments + ["\u{212A}"])
        }.joined(separator: "/")
    }

    mutating func regex() -> String {
        let start = pick(["", "^", "/", "/a", "/a/", "/users/", "/a\\.b", "/ab?", "/a*", "/a+", "/a{2}", "(/a|/b)", "/a|/b", "/\\d", "\\/a", "/K", "/[a]", "/a\\?q"])
        let rest = pick(["", ".*", "[a-z0-9/]*", "/.*", "b", "/42", "(/.*)?", "\\.json"])
        return start + rest
    }

    mutating func stub() -> StubMapping {
        let method: HTTPMethod = pick([.get, .post, .any])
        let url: URLPattern = switch Int.random(in: 0..<7, using: &random) {
        case 0: .urlPath(path())
        case 1: .url(path() + (chance(50) ? "?q=1" : ""))
        case 2, 3: .urlPathTemplate(template())
        case 4: .urlPathPattern(regex())
        case 5: .urlPattern(regex())
        default: .any
        }
        var pattern = RequestPattern(method: method, url: url)
        if chance(10) { pattern = chance(50) ? pattern.method(oneOf: .get, .put) : pattern.method(noneOf: .post) }
        if chance(10) { pattern = pattern.operation(pick(["listUsers", "getUser"])) }
        if chance(15) { pattern = pattern.header("Accept", pick([.equalTo("text/plain"), .contains("json")])) }
        if chance(15) { pattern = pattern.queryParameter("q", pick([.equalTo("1"), .matches("[0-9]")])) }
        if chance(10) { pattern = pattern.body(pick([.equalTo("hello"), .contains("he")])) }
        var stub = StubMapping(priority: chance(50) ? Int.random(in: 1...4, using: &random) : nil, pattern, .ok)
        if chance(10) {
            stub.scenarioName = "flow"
            stub.requiredScenarioState = pick(["Started", "Second"])
        }
        return stub
    }

    mutating func request() -> RecordedRequest {
        var url = chance(10) ? pick(["/é", "/users/é", "/K\u{301}"]) : path()
        if chance(5) { url = pick(["a", "*", "users/42"]) }
        if chance(30) { url += pick(["?q=1", "?q=2", "?"]) }
        let headers: HTTPHeaders = chance(30) ? ["Accept": pick(["text/plain", "application/json"])] : [:]
        let body = chance(20) ? Data(pick(["hello", "help"]).utf8) : Data()
        return RecordedRequest(method: pick([.get, .post, .put]), url: url, headers: headers, body: body,
                               operationId: chance(10) ? pick(["listUsers", "getUser"]) : nil)
    }
}
