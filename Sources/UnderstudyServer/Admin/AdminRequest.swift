import Understudy

/// An admin request as a route's handler sees it: the request and the parameters its
/// path filled into the route's template (`id` for `/mappings/{id}`).
struct AdminRequest: Sendable {
    /// The request as received.
    let recorded: RecordedRequest
    /// The template's parameters, each percent-decoded; a rest parameter (`{path...}`)
    /// holds its segments joined with `/`.
    let parameters: [String: String]

    /// The parameter `name`, or the empty string when the template has no such parameter.
    subscript(_ name: String) -> String { parameters[name, default: ""] }
}
