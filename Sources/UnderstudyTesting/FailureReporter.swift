import Testing
import XCTest

/// Reports a failure to whichever framework runs the current test: `Issue.record` under
/// Swift Testing, `XCTFail` under XCTest, always at the caller's source location.
enum FailureReporter {
    static func report(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
}
