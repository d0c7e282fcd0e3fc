/// The caller's source location, carried from a DSL step to the failure reporter.
struct FailureSite {
    let fileID: String
    let filePath: StaticString
    let line: UInt
    let column: UInt
}
