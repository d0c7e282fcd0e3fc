// Match-throughput benchmark for the Understudy core.
//
//     swift run -c release UnderstudyBenchmarks [--rounds N] [--only TEXT]
//
// `--only TEXT` keeps the baseline and the cases whose name contains TEXT (for profiling one
// case, e.g. under `valgrind --tool=callgrind`).
//
// Every case serves requests through `HTTPMock.serve` (matching, scenario bookkeeping and
// the journal). Cases run interleaved, round after round, and each is reported as the
// median time per request and as a ratio to the one-stub baseline measured in the same
// rounds, because absolute times on shared machines are noise.
import Foundation
import Understudy

struct BenchmarkCase {
    let name: String
    let mock: HTTPMock
    let requests: [RecordedRequest]
    /// Whether every request must miss (near-miss cases) rather than be matched.
    var misses = false
    /// Fewer requests per round for the slow cases, so that a round stays short.
    var iterationDivisor = 1
}

func exactStubs(_ count: Int) -> HTTPMock {
    let mock = HTTPMock()
    mock.stub((0..<count).map { StubMapping(.get(urlPath: "/items/\($0)"), .ok.body("item \($0)")) })
    return mock
}

/// `count` GET stubs answering 200, stub `n` with the URL `url(n)`.
func stubs(_ count: Int, _ url: (Int) -> URLPattern) -> HTTPMock {
    let mock = HTTPMock()
    mock.stub((0..<count).map { StubMapping(RequestPattern(method: .get, url: url($0)), .ok) })
    return mock
}

/// A third each of exact paths, path templates and regular expressions, for the near-miss cases.
func mixedStubs(_ count: Int) -> HTTPMock {
    stubs(count) { index in
        switch index % 3 {
        case 0: .urlPath("/items/\(index)")
        case 1: .urlPathTemplate("/things/\(index)/{name}")
        default: .urlPathPattern("/regex/\(index)/[a-z]+")
        }
    }
}

/// Requests that match none of ``mixedStubs(_:)`` but come close to some.
func missingRequests(stubCount: Int) -> [RecordedRequest] {
    (0..<64).map { offset in
        let index = (offset * 7_919) % stubCount
        return switch offset % 3 {
        case 0: RecordedRequest(method: .get, url: "/items/\(index)x")
        case 1: RecordedRequest(method: .post, url: "/things/\(index)/abc")
        default: RecordedRequest(method: .get, url: "/regex/\(index)/ABC")
        }
    }
}

/// One stub whose body is a template using the request model and a JSON helper.
func templatedStub() -> HTTPMock {
    let mock = HTTPMock(configuration: .init(templateRandomSeed: 1))
    mock.stub(.get(urlPath: "/items/0"), .ok.body(#"{"id": "{{request.path.[1]}}", "who": "{{request.query.who}}", "n": {{math 1 '+' 2}}}"#).templated())
    return mock
}

/// Requests spread over the stubs so that no single bucket stays hot in cache.
func requests(prefix: String, stubCount: Int, suffix: String = "") -> [RecordedRequest] {
    (0..<64).map { RecordedRequest(method: .get, url: "\(prefix)\(($0 * 7_919) % stubCount)\(suffix)") }
}

let arguments = CommandLine.arguments
let rounds = arguments.firstIndex(of: "--rounds").flatMap { Int(arguments[$0 + 1]) } ?? 15
let requestsPerRound = 20_000

let allCases: [BenchmarkCase] = [
    BenchmarkCase(name: "1 exact-path stub (baseline)", mock: exactStubs(1), requests: requests(prefix: "/items/", stubCount: 1)),
    BenchmarkCase(name: "100 exact-path stubs", mock: exactStubs(100), requests: requests(prefix: "/items/", stubCount: 100)),
    BenchmarkCase(name: "10 000 exact-path stubs", mock: exactStubs(10_000), requests: requests(prefix: "/items/", stubCount: 10_000)),
    BenchmarkCase(name: "100 regex-path stubs", mock: stubs(100) { .urlPathPattern("/things/\($0)/[a-z]+") }, requests: requests(prefix: "/things/", stubCount: 100, suffix: "/abc")),
    BenchmarkCase(name: "1 000 regex-path stubs", mock: stubs(1_000) { .urlPathPattern("/things/\($0)/[a-z]+") }, requests: requests(prefix: "/things/", stubCount: 1_000, suffix: "/abc"),
                  iterationDivisor: 20),
    BenchmarkCase(name: "1 000 path-template stubs", mock: stubs(1_000) { .urlPathTemplate("/things/\($0)/{name}") }, requests: requests(prefix: "/things/", stubCount: 1_000, suffix: "/abc")),
    BenchmarkCase(name: "1 000 unprefixed regex-path stubs (.*…)", mock: stubs(1_000) { .urlPathPattern(".*/things/\($0)/[a-z]+") },
                  requests: requests(prefix: "/things/", stubCount: 1_000, suffix: "/abc"), iterationDivisor: 20),
    BenchmarkCase(name: "miss among 100 mixed stubs", mock: mixedStubs(100), requests: missingRequests(stubCount: 100), misses: true, iterationDivisor: 20),
    BenchmarkCase(name: "miss among 1 000 mixed stubs", mock: mixedStubs(1_000), requests: missingRequests(stubCount: 1_000), misses: true, iterationDivisor: 20),
    BenchmarkCase(name: "1 templated stub", mock: templatedStub(), requests: requests(prefix: "/items/", stubCount: 1, suffix: "?who=ada")),
]

let only = arguments.firstIndex(of: "--only").map { arguments[$0 + 1] }
let cases = allCases.enumerated().filter { $0.offset == 0 || only.map($0.element.name.contains) ?? true }.map(\.element)

// Sanity: every benchmark request must be matched (or missed, in the near-miss cases), or the
// figures mean nothing.
for benchmark in cases {
    for request in benchmark.requests where benchmark.mock.serve(request).wasMatched == benchmark.misses {
        fatalError("\(benchmark.name): \(request) was \(benchmark.misses ? "matched" : "not matched")")
    }
}

let clock = ContinuousClock()
var samples = Array(repeating: [Double](), count: cases.count)
for _ in 0..<rounds {
    for (index, benchmark) in cases.enumerated() {
        let iterations = requestsPerRound / benchmark.iterationDivisor
        let elapsed = clock.measure {
            for iteration in 0..<iterations {
                _ = benchmark.mock.serve(benchmark.requests[iteration & 63])
            }
        }
        let (seconds, attoseconds) = elapsed.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        samples[index].append(nanoseconds / Double(iterations))
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

let baseline = median(samples[0])
print("| case | median per request | ratio to baseline |")
print("|---|---:|---:|")
for (index, benchmark) in cases.enumerated() {
    let value = median(samples[index])
    print("| \(benchmark.name) | \(String(format: "%.2f", value / 1_000)) µs | \(String(format: "%.2f", value / baseline))× |")
}
print("\n\(rounds) interleaved rounds of \(requestsPerRound) requests per case (the slow cases: \(requestsPerRound / 20)).")
