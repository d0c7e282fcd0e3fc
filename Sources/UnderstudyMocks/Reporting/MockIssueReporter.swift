// Reporting to the test framework is compiled in only where mocks are (DEBUG or MOCKING, the
// condition the generated mocks are under), so a release build of an app that marks its own
// protocols @Mockable links neither Testing nor XCTest through this module.
#if (DEBUG || MOCKING) && canImport(Testing)
import Testing
#endif
#if (DEBUG || MOCKING) && canImport(XCTest)
import XCTest
#endif
import Foundation

/// Reports a mock's failures to whichever framework runs the current test: `Issue.record`
/// under Swift Testing, `XCTFail` under XCTest (as `UnderstudyTesting` does), at the given
/// source location; with neither, the message goes to standard error.
enum MockIssueReporter {
    static func report(_ message: String, at location: MockSourceLocation) {
        #if (DEBUG || MOCKING) && canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line), column: Int(location.column)))
            return
        }
        #endif
        #if (DEBUG || MOCKING) && canImport(XCTest)
        XCTFail(message, file: location.filePath, line: location.line)
        #else
        writeToStandardError("\(location.fileID):\(location.line): \(message)")
        #endif
    }
}

extension MockIssueReporter {
    static func writeToStandardError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
