import Testing
import Foundation
import UnderstudyTesting

/// Tests that fail and pass on purpose: scripts/check-attachments.sh runs them with
/// `swift test --attachments-path DIR` and checks that the failing ones (and the one that asks
/// for them always) left `<test>-journal.har`, `<test>-near-misses.txt` and `<test>-stubs.json`,
/// and the others nothing.
struct AttachmentsProbeTests {
    @Test(.mockHTTP) func failsWithAnUnmatchedRequest() {
        HTTPMock.current.stub(.get(urlPath: "/users/1"), .ok.json(["id": 1]), name: "Get user")
        _ = HTTPMock.current.serve(RecordedRequest(method: .get, url: "/users/2"))
    }

    @Test(.mockHTTP) func failsAnExpectation() {
        HTTPMock.current.stub(.get(urlPath: "/users/1"), .ok, name: "Get user")
        let status = HTTPMock.current.serve(RecordedRequest(method: .get, url: "/users/1")).response.status
        #expect(status == 201)
    }

    @Test(.mockHTTP) func passes() {
        HTTPMock.current.stub(.get(urlPath: "/users/1"), .ok, name: "Get user")
        #expect(HTTPMock.current.serve(RecordedRequest(method: .get, url: "/users/1")).response.status == 200)
    }

    @Test(.mockHTTP.attachments(.never)) func failsWithoutAttachments() {
        _ = HTTPMock.current.serve(RecordedRequest(method: .get, url: "/nothing"))
    }

    @Test(.mockHTTP.attachments(.always)) func passesWithAttachments() {
        HTTPMock.current.stub(.get(urlPath: "/ping"), .ok, name: "Ping")
        #expect(HTTPMock.current.serve(RecordedRequest(method: .get, url: "/ping")).response.status == 200)
    }

    @Test func failsInWithMockHTTP() async throws {
        try await withMockHTTP { mock in
            _ = mock.serve(RecordedRequest(method: .post, url: "/orders"))
        }
    }
}

/// A suite's Pact contract: its passing tests' traffic goes into one file, written into the
/// folder the script names (`PROBE_PACT_DIR`), and the failing test's is left out.
@Suite(.mockHTTP.pact(consumer: "Probe", provider: "Users",
                      directory: URL(fileURLWithPath: ProcessInfo.processInfo.environment["PROBE_PACT_DIR"] ?? "pacts")))
struct PactSuiteProbeTests {
    @Test func getsAUserIntoThePact() {
        HTTPMock.current.stub(.get(urlPath: "/users/1"), .ok.json(["id": 1]), name: "Get user")
        #expect(HTTPMock.current.serve(RecordedRequest(method: .get, url: "/users/1")).response.status == 200)
    }

    @Test func listsOrdersIntoThePact() {
        HTTPMock.current.stub(.get(urlPath: "/orders"), .ok.json([]), name: "List orders")
        #expect(HTTPMock.current.serve(RecordedRequest(method: .get, url: "/orders")).response.status == 200)
    }

    @Test func failsOutOfThePact() {
        HTTPMock.current.stub(.delete(urlPath: "/users/1"), .noContent, name: "Delete user")
        #expect(HTTPMock.current.serve(RecordedRequest(method: .delete, url: "/users/1")).response.status == 200)
    }
}

extension SharedMockServer {
    static let probe = SharedMockServer()
}

/// Tests sharing one server, each in a namespace of its own: a failing test's evidence holds its
/// namespace's requests and stubs only.
@Suite(.mockHTTP(sharing: .probe))
struct SharedServerProbeTests {
    @Test func failsInItsNamespace() {
        HTTPMock.current.stub(.get(urlPath: "/mine"), .ok, name: "Mine")
        _ = HTTPMock.current.serve(RecordedRequest(method: .get, url: "/not-mine"))
    }

    @Test func passesInAnotherNamespace() {
        HTTPMock.current.stub(.get(urlPath: "/theirs"), .ok, name: "Theirs")
        #expect(HTTPMock.current.serve(RecordedRequest(method: .get, url: "/theirs")).response.status == 200)
    }
}
