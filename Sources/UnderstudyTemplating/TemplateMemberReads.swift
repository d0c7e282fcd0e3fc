import UnderstudySupport
/// What a parsed template may read of one member of its root context, such as `request` in
/// `{{request.path}}`: found by walking its expressions once, so that the caller builds only
/// the parts of that member the template can reach.
///
/// The walk is conservative: it names every member some path could reach and falls back to
/// ``whole`` when the template may see the member (or the whole context) as one value, as
/// `{{request}}`, `{{#each request}}`, `{{lookup request 'path'}}` and a `{{this}}` that
/// resolves to the root do.
package enum TemplateMemberReads: Sendable, Equatable {
    /// The template may read the member as one value.
    case whole
    /// The template reads only these members of the member, named in lower case (member
    /// lookups ignore case).
    case members(Set<String>)

    /// What `template` may read of the root member `rootMember`.
    package init(of rootMember: String, in template: Template) {
        var walk = Walk(rootMember: rootMember)
        walk.visit(template.nodes, depth: 0)
        self = walk.reads
    }

    private struct Walk {
        let rootMember: String
        var reads = TemplateMemberReads.members([])

        /// `depth` counts the scopes `each` and `with` bodies push, to tell when `this` (or
        /// `../`) is the root context.
        mutating func visit(_ nodes: [Template.Node], depth: Int) {
            for node in nodes where reads != .whole {
                switch node {
                case .text:
                    break
                case .output(let expression, _):
                    visit(expression, depth: depth)
                case .block(let block):
                    visit(block.call, depth: depth)
                    let pushesScope = block.call.name == "each" || block.call.name == "with"
                    visit(block.body, depth: pushesScope ? depth + 1 : depth)
                    visit(block.inverse, depth: depth)
                }
            }
        }

        mutating func visit(_ call: Template.Call, depth: Int) {
            // A lone name that is not a helper resolves as a path of one segment.
            if call.params.isEmpty, call.hash.isEmpty { read(segments: [call.name], parentDepth: 0, depth: depth) }
            for param in call.params { visit(param, depth: depth) }
            for (_, value) in call.hash { visit(value, depth: depth) }
        }

        mutating func visit(_ expression: Template.Expression, depth: Int) {
            switch expression {
            case .literal:
                break
            case .path(let path, _):
                // Data variables (`@index`, `@key`) live in block scopes, never in the context.
                if !path.isData { read(segments: path.segments, parentDepth: path.parentDepth, depth: depth) }
            case .call(let call):
                visit(call, depth: depth)
            }
        }

        /// A path that starts with the root member (in any case, as member lookups ignore
        /// case) reads its second segment, or the whole member when it has none; `this` at the
        /// root reads the whole context. Other paths cannot reach the member: block scopes only
        /// hold values taken from members already named, and variables only hold helper results.
        mutating func read(segments: [String], parentDepth: Int, depth: Int) {
            guard let first = segments.first else {
                if parentDepth >= depth { reads = .whole }
                return
            }
            guard first.caseInsensitiveEquals(rootMember) else { return }
            guard segments.count > 1 else { reads = .whole; return }
            if case .members(var names) = reads {
                names.insert(segments[1].lowercased())
                reads = .members(names)
            }
        }
    }
}
