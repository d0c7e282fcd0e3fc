/// The fields of the `request` model (``TemplateRequestModel``) a parsed template may read,
/// found by walking its expressions once, so that rendering builds only those.
///
/// The walk is conservative: it names every field that some path could reach and falls back
/// to every field when the template may see the `request` object (or the whole context) as
/// one value, as `{{request}}`, `{{#each request}}`, `{{lookup request 'path'}}` and a
/// `{{this}}` that resolves to the root do.
struct TemplateRequestFields: OptionSet, Sendable {
    /// One bit per ``TemplateRequestModel/Field``, at its raw value.
    let rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The set of one field.
    init(_ field: TemplateRequestModel.Field) { self.init(rawValue: 1 << UInt32(field.rawValue)) }

    /// Every field.
    static let everything = TemplateRequestFields(rawValue: (1 << UInt32(TemplateRequestModel.Field.allCases.count)) - 1)

    /// The fields `nodes` may read.
    init(reading nodes: [Template.Node]) {
        self = []
        visit(nodes, depth: 0)
    }

    /// The number of fields in the set.
    var count: Int { rawValue.nonzeroBitCount }

    /// Whether the set holds the field.
    func contains(_ field: TemplateRequestModel.Field) -> Bool { contains(TemplateRequestFields(field)) }

    // MARK: Walking the template

    /// `depth` counts the scopes `each` and `with` bodies push, to tell when `this` (or
    /// `../`) is the root context.
    private mutating func visit(_ nodes: [Template.Node], depth: Int) {
        for node in nodes where self != .everything {
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

    private mutating func visit(_ call: Template.Call, depth: Int) {
        // A lone name that is not a helper resolves as a path of one segment.
        if call.params.isEmpty, call.hash.isEmpty { read(segments: [call.name], parentDepth: 0, depth: depth) }
        for param in call.params { visit(param, depth: depth) }
        for (_, value) in call.hash { visit(value, depth: depth) }
    }

    private mutating func visit(_ expression: Template.Expression, depth: Int) {
        switch expression {
        case .literal:
            break
        case .path(let path, _):
            // Data variables (`@index`, `@key`) live in block scopes, never in the request.
            if !path.isData { read(segments: path.segments, parentDepth: path.parentDepth, depth: depth) }
        case .call(let call):
            visit(call, depth: depth)
        }
    }

    /// A path that starts with `request` (in any case, as member lookups ignore case) reads
    /// its second segment, or the whole object when it has none; `this` at the root reads
    /// the whole context. Other paths cannot reach the request: block scopes only hold values
    /// taken from fields already named, and variables only hold helper results.
    private mutating func read(segments: [String], parentDepth: Int, depth: Int) {
        guard let first = segments.first else {
            if parentDepth >= depth { self = .everything }
            return
        }
        guard first.caseInsensitiveEquals("request") else { return }
        guard segments.count > 1 else { self = .everything; return }
        // Unknown members (`request.nothing`) read nothing; they print as empty either way.
        for field in TemplateRequestModel.Field.allCases where field.name.caseInsensitiveEquals(segments[1]) {
            formUnion(TemplateRequestFields(field))
        }
    }
}
