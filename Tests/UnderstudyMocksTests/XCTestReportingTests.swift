import Foundation
import UnderstudyMocks
import XCTest

/// Under XCTest, an unexpected call and a failed verification are `XCTFail`s at the test's line.
final class XCTestReportingTests: XCTestCase {
    private var failures: [(String, UInt)] = []

    #if canImport(FoundationNetworking) || os(Linux)
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        failures.append((description, UInt(lineNumber)))
    }
    #else
    override func record(_ issue: XCTIssue) {
        failures.append((issue.compactDescription, UInt(issue.sourceCodeContext.location?.lineNumber ?? 0)))
    }
    #endif

    func testAnUnexpectedCallFailsAtTheLineThatMadeTheMock() throws {
        let mock = MockFileSystemProviding(); let line = UInt(#line)
        given(mock).fileExists(atPath: .value("/a")).willReturn(true)
        XCTAssertFalse(mock.fileExists(atPath: "/b"))
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.1, line)
        XCTAssertTrue(failures.first?.0.contains("✗ path: expected /a, got /b") == true, failures.first?.0 ?? "")
    }

    func testAFailedVerificationFailsAtItsLine() {
        let mock = MockFileSystemProviding(policy: .relaxed)
        _ = mock.fileExists(atPath: "/b")
        verify(mock).fileExists(atPath: .value("/a")).called(.once); let line = UInt(#line)
        XCTAssertEqual(failures.map(\.1), [line])
        XCTAssertTrue(failures.first?.0.contains("1. fileExists(path: /b)") == true, failures.first?.0 ?? "")
    }
}
