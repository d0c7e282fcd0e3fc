import Testing
import XCTest

/// Reports a failure to whichever framework runs the current test: `Issue.record` under
/// Swift Testing, `XCTFail` under XCTest, always at the caller's source location.
package enum FailureReporter {
    package static func report(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        report(message, at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    package static func report(_ message: String, at location: FailureLocation) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
        } else {
            XCTFail(message, file: location.xctestFile, line: location.xctestLine)
        }
    }
}

/// Where a failure lands: a Swift Testing source location and the file and line XCTest takes
/// (XCTest needs a `StaticString`, which a `Test`'s own location cannot provide).
package struct FailureLocation: Sendable {
    var sourceLocation: SourceLocation
    var xctestFile: StaticString
    var xctestLine: UInt

    package init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        sourceLocation = SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
        xctestFile = filePath
        xctestLine = line
    }

    /// The location of a Swift Testing test (whose failures never go through XCTest).
    init(test: Test) {
        sourceLocation = test.sourceLocation
        xctestFile = #filePath
        xctestLine = #line
    }
}
