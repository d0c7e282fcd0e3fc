import Foundation
import Testing
import Understudy
import UnderstudyTesting
import XCTest

/// A failure XCTest recorded for a test case.
struct RecordedXCTestFailure: Sendable, Equatable {
    var description: String
    var file: String
}

/// A `MockHTTPTestCase` run by hand, which keeps the failures XCTest records for it instead of
/// failing the run. Its methods are not named `test…`, so XCTest never runs them by itself.
final class MockHTTPTestCaseProbe: MockHTTPTestCase {
    var failures: [RecordedXCTestFailure] = []
    var reportsUnused = false
    override var reportsUnusedStubs: Bool { reportsUnused }

    func probeUnmatchedRequest() {
        _ = mock.serve(RecordedRequest(method: .get, url: "/nobody-home"))
    }

    func probeUnusedStub() {
        mock.stub(StubMapping(id: UUID(uuidString: "00000000-0000-0000-0000-000000000003")!, .get(urlPath: "/never"), .ok))
    }

    func probeClean() {
        XCTAssertTrue(HTTPMock.current === mock)
        mock.stub(.get(urlPath: "/a"), .ok)
        _ = mock.serve(RecordedRequest(method: .get, url: "/a"))
    }

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        failures.append(RecordedXCTestFailure(description: issue.compactDescription, file: issue.sourceCodeContext.location?.fileURL.lastPathComponent ?? ""))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        failures.append(RecordedXCTestFailure(description: description, file: URL(fileURLWithPath: filePath).lastPathComponent))
    }
    #endif

    /// Runs one probe on a thread of its own (so no Swift Testing task-local values reach it,
    /// as in a real XCTest run) and returns the failures XCTest recorded for it.
    static func run(_ name: String, reportsUnused: Bool = false) async -> [RecordedXCTestFailure] {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                let probe = make(name)
                probe.reportsUnused = reportsUnused
                probe.run()
                continuation.resume(returning: probe.failures)
            }
            thread.start()
        }
    }

    private static func make(_ name: String) -> MockHTTPTestCaseProbe {
        #if canImport(ObjectiveC)
        return MockHTTPTestCaseProbe(selector: NSSelectorFromString("run" + name.prefix(1).uppercased() + name.dropFirst()))
        #else
        let methods: [String: (MockHTTPTestCaseProbe) -> () -> Void] = [
            "probeUnmatchedRequest": { $0.probeUnmatchedRequest },
            "probeUnusedStub": { $0.probeUnusedStub },
            "probeClean": { $0.probeClean },
        ]
        let method = methods[name] ?? { $0.probeClean }
        return MockHTTPTestCaseProbe(name: name, testClosure: { testCase in
            if let probe = testCase as? MockHTTPTestCaseProbe { method(probe)() }
        })
        #endif
    }
}

#if canImport(ObjectiveC)
extension MockHTTPTestCaseProbe {
    @objc func runProbeUnmatchedRequest() { probeUnmatchedRequest() }
    @objc func runProbeUnusedStub() { probeUnusedStub() }
    @objc func runProbeClean() { probeClean() }
}
#endif

/// `MockHTTPTestCase`'s end-of-test checks fail the XCTest test through `XCTFail`. Serialized:
/// XCTest sends a failure to the one test case it considers running, so probes take turns, and
/// with them the one test here whose failure goes to XCTest (a detached task has no `Test.current`).
@Suite(.serialized)
struct MockHTTPTestCaseFailureTests {
    @Test func anUnmatchedRequestFailsTheTest() async {
        let failures = await MockHTTPTestCaseProbe.run("probeUnmatchedRequest")
        #expect(failures.count == 1)
        #expect(failures.first?.description.contains("1 request(s) matched no stub:\nNo stub matched GET /nobody-home") == true)
        #expect(failures.first?.file == "MockHTTPTestCase.swift")
    }

    @Test func anUnusedStubFailsTheTestOnlyWhenAsked() async {
        #expect(await MockHTTPTestCaseProbe.run("probeUnusedStub").isEmpty)
        let failures = await MockHTTPTestCaseProbe.run("probeUnusedStub", reportsUnused: true)
        #expect(failures.count == 1)
        #expect(failures.first?.description.hasSuffix(#"1 stub(s) answered no request:"# + "\n" + #"  id 00000000-0000-0000-0000-000000000003: GET urlPath "/never""#) == true)
    }

    @Test func aCleanTestRecordsNothing() async {
        let failures = await MockHTTPTestCaseProbe.run("probeClean")
        #expect(failures == [])
    }

    /// Reading `HTTPMock.current` in a detached task, which inherits no task-local values.
    @Test(.mockHTTP) func aDetachedTaskGetsAFreshMockInsteadOfATrap() async throws {
        let outer = HTTPMock.current
        let detached = await Task.detached { HTTPMock.current }.value
        #expect(detached !== outer)
        detached.stub(.get(urlPath: "/d"), .ok.body("detached"))
        let response = try await get(detached, URL(string: "http://api.example.com/d")!)
        #expect(response.0 == 200)
        #expect(response.1 == "detached")
    }
}
