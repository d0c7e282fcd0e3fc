// OpenAPI client transport benchmark for Understudy.
//
//     swift run -c release UnderstudyOpenAPIBenchmarks [--rounds N]
//
// Cost per request of `HTTPMockClientTransport.send` (what every call of a generated client
// goes through) on a mock with 100 stubs, matched by URL and by operation, against a
// hand-written `ClientTransport` returning canned bytes (the `MockClient` users write today)
// and against the direct transport (`HTTPMock` as `HTTPClient`) on the same mock, interleaved
// round by round. Ratios, not seconds, are the result: the machine's load moves all cases.
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Understudy
import UnderstudyClient
import UnderstudyOpenAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The baseline: a hand-written transport answering every request with the same bytes.
struct CannedTransport: ClientTransport {
    let body: [UInt8] = Array("item 42".utf8)
    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        (HTTPResponse(status: .ok), HTTPBody(self.body))
    }
}

let arguments = CommandLine.arguments
let rounds = arguments.firstIndex(of: "--rounds").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? 15

let byURL = HTTPMock()
byURL.stub((0..<100).map { StubMapping(.get(urlPath: "/v1/items/\($0)"), .ok.body("item \($0)")) })
let byOperation = HTTPMock()
byOperation.stub((0..<100).map { StubMapping(.operation("getItem\($0)"), .ok.body("item \($0)")) })
let baseURL = URL(string: "https://api.example.com/v1")!
let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/items/42")
let urlRequest = URLRequest(url: URL(string: "https://api.example.com/v1/items/42")!)

/// One case: a call that must return the 7-byte body.
struct Case {
    let name: String
    let call: @Sendable () async throws -> Int
}

func collected(_ answer: (HTTPResponse, HTTPBody?)) async throws -> Int {
    guard let body = answer.1 else { return 0 }
    return try await Data(collecting: body, upTo: 1_024).count
}

let canned = CannedTransport()
let urlTransport = byURL.clientTransport()
let operationTransport = byOperation.clientTransport()
let cases: [Case] = [
    Case(name: "hand-written ClientTransport returning canned bytes (baseline)") {
        try await collected(canned.send(request, body: nil, baseURL: baseURL, operationID: "getItem42"))
    },
    Case(name: "HTTPMockClientTransport, 100 urlPath stubs") {
        try await collected(urlTransport.send(request, body: nil, baseURL: baseURL, operationID: "getItem42"))
    },
    Case(name: "HTTPMockClientTransport, 100 .operation stubs") {
        try await collected(operationTransport.send(request, body: nil, baseURL: baseURL, operationID: "getItem42"))
    },
    Case(name: "direct transport (HTTPMock as HTTPClient), 100 urlPath stubs") {
        try await byURL.data(for: urlRequest).0.count
    },
]

let perRound = 2_000
let clock = ContinuousClock()
var samples = Array(repeating: [Double](), count: cases.count)
for round in 0..<(rounds + 2) {
    for (index, benchmark) in cases.enumerated() {
        let elapsed = try await clock.measure {
            for _ in 0..<perRound {
                let count = try await benchmark.call()
                guard count == 7 else { fatalError("\(benchmark.name): unexpected body of \(count) bytes") }
            }
        }
        let (seconds, attoseconds) = elapsed.components
        if round >= 2 { samples[index].append((Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(perRound)) }
    }
    byURL.resetRequests()
    byOperation.resetRequests()
}
let medians = samples.map { $0.sorted()[$0.count / 2] }
print("| case | median per request | ratio to baseline |")
print("|---|---:|---:|")
for (index, benchmark) in cases.enumerated() {
    print("| \(benchmark.name) | \(String(format: "%.2f", medians[index] / 1_000)) µs | \(String(format: "%.1f", medians[index] / medians[0]))× |")
}
print("\n\(rounds) interleaved rounds of \(perRound) requests after 2 warm-up rounds.")
