/// Where a loaded stub is written: its file (relative to the root) and the line and column of
/// the stub's object, as `mappings/pets.json:3:5`. Findings about a stub start with it, as the
/// warnings of its file do.
package struct MappingSource: Sendable, Hashable, CustomStringConvertible {
    /// The file, relative to the root: `mappings/pets.json`.
    package let file: String
    /// The 1-based line of the stub's object, when known.
    package let line: Int?
    /// The 1-based column of the stub's object, when known.
    package let column: Int?

    /// `FILE:LINE:COL`, leaving out what is unknown.
    package var description: String {
        guard let line else { return file }
        guard let column else { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}
