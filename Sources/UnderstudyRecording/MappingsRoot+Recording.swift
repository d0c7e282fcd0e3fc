public import Understudy

extension MappingsRoot {
    /// Writes a recording: body files first, then the stubs that name them.
    public func write(_ result: RecordingResult) throws {
        for (name, data) in result.files.sorted(by: { $0.key < $1.key }) { try writeBodyFile(named: name, data) }
        try write(result.mappings)
    }
}
