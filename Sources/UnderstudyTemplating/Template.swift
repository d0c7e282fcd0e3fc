/// A parsed Handlebars template, as WireMock's response templating uses them: text, `{{expr}}`
/// (HTML-escaped only when the renderer is asked to), `{{{expr}}}` and `{{& expr}}` (never escaped), block helpers (`{{#if}}…{{else}}…{{/if}}`), comments,
/// subexpressions, hash arguments and `~` whitespace control. Parse once, render many times.
package struct Template: Sendable {
    /// One piece of a template.
    indirect enum Node: Sendable {
        case text(String)
        case output(Expression, escaped: Bool)
        case block(Block)
    }

    /// `{{#name params hash}}body{{else}}inverse{{/name}}`.
    struct Block: Sendable {
        var call: Call
        var body: [Node]
        var inverse: [Node]
    }

    /// A helper name with its arguments, or a lone name that may be a path.
    struct Call: Sendable {
        var name: String
        var params: [Expression]
        var hash: [(key: String, value: Expression)]
        var location: Location
        /// `as |item index|`: names the block binds for its body.
        var blockParams: [String] = []
    }

    /// What an argument or an output is.
    indirect enum Expression: Sendable {
        case literal(TemplateValue)
        case path(Path, Location)
        /// `name` alone (a helper without arguments, or a path of one segment) or a helper call.
        case call(Call)
    }

    /// `request.path.[1]`, `this`, `../name`, `@index`.
    struct Path: Sendable {
        var segments: [String]
        var parentDepth = 0
        var isData = false
        var original: String
    }

    /// Where a tag starts.
    struct Location: Sendable, Hashable {
        var line: Int
        var column: Int
    }

    let nodes: [Node]

    /// Parses a template; throws ``TemplateError`` for bad syntax.
    package init(parsing text: String) throws(TemplateError) {
        nodes = try TemplateParser(text).parse()
    }
}
