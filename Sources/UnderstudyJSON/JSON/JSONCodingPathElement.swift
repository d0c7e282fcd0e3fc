/// One step from a JSON value to a value inside it: an object member or an array element.
/// A list of them from the root is a coding path (`mappings[2].response.status`), not a JSONPath query.
package enum JSONCodingPathElement: Sendable, Hashable {
    /// The member with this key.
    case key(String)
    /// The element at this 0-based index.
    case index(Int)
}
