/// Where each value of a parsed JSON document was written, produced by
/// `JSONParser.parseWithLocations(_:)`.
///
/// Paths are keys and indexes from the root; the root itself is the empty path. For an object
/// member the location is that of the member's key (its opening quote); for an array element
/// it is the first character of the element's value; for the root it is the first character of
/// the document's value. When an object repeats a key, the location of the last occurrence
/// (the one whose value is kept) is recorded.
package struct JSONSourceMap: Sendable {
    private var locations: [[JSONCodingPathElement]: JSONSourceLocation]

    /// An empty map.
    package init() { locations = [:] }

    /// Creates a map from path–location pairs.
    package init(_ locations: [[JSONCodingPathElement]: JSONSourceLocation]) { self.locations = locations }

    /// Where the value (or, for an object member, the key) at `path` was written, if it exists.
    package func location(of path: [JSONCodingPathElement]) -> JSONSourceLocation? { locations[path] }

    /// The number of recorded locations.
    package var count: Int { locations.count }
}
