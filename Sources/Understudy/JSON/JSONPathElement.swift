/// One step from a JSON value to a value inside it: an object member or an array element.
public enum JSONPathElement: Sendable, Hashable {
    /// The member with this key.
    case key(String)
    /// The element at this 0-based index.
    case index(Int)
}
