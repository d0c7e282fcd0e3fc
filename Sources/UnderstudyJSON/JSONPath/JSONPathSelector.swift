/// One selector inside a segment (RFC 9535 section 2.3).
enum JSONPathSelector: Sendable, Hashable {
    /// `.name`, `['name']`: the member with that name of an object.
    case name(String)
    /// `*`: every element of an array or member value of an object.
    case wildcard
    /// `[2]`, `[-1]`: one array element; negative indexes count from the end.
    case index(Int)
    /// `[start:end:step]`: a run of array elements.
    case slice(JSONPathSlice)
    /// `[?expr]`: the array elements or object member values for which the expression holds.
    ///
    /// `isJaywayForm` is set for `[?(expr)]`, the whole expression in one pair of parentheses
    /// as Jayway writes it: applied to an object in a child segment, it tests the object
    /// itself, as Jayway and WireMock do (`$.things[?(@.name == 'x')]` matches
    /// `{"things": {"name": "x"}}`). On arrays, and in descendant segments, both forms agree
    /// with RFC 9535.
    case filter(JSONPathFilter, isJaywayForm: Bool)
}
