import Foundation
import Testing
@testable import Understudy

/// Bad templates answer 500 naming the stub, the part, the line and the column; they never crash.
struct TemplateErrorTests {
    @Test(arguments: [
        ("{{nope 1}}", "line 1, column 1: unknown helper \"nope\""),
        ("ok\n  {{jsonPaht request.body '$.a'}}", "line 2, column 3: unknown helper \"jsonPaht\"; did you mean \"jsonPath\"?"),
        ("{{#if true}}x", "line 1, column 1: {{#if}} is never closed; add {{/if}}"),
        ("{{#if true}}x{{/each}}", "line 1, column 14: {{/each}} closes {{#if}} opened at line 1, column 1; close it with {{/if}}"),
        ("{{/if}}", "{{/if}} closes a block that was never opened"),
        ("{{request.path", "line 1, column 1: the tag is not closed; end it with }}"),
        ("{{math 1 '^' 2}}", "math: unknown operator \"^\""),
        ("{{math 1 '/' 0}}", "math: division by zero"),
        ("{{jsonPath request.body '$.['}}", "jsonPath: \"$.[\" is not a JSONPath expression"),
        ("{{jsonPath 'not json' '$.a'}}", "jsonPath: the document is not JSON"),
        ("{{now offset='3 fortnights'}}", "now: unknown offset unit \"fortnights\""),
        ("{{now timezone='Mars/Olympus'}}", "now: unknown timezone \"Mars/Olympus\""),
        ("{{parseDate '2026' format='dd/MM/yyyy'}}", "parseDate: \"2026\" does not match the format \"dd/MM/yyyy\""),
        ("{{parseDate 'soon'}}", "parseDate: \"soon\" is not a date; give ISO 8601"),
        ("{{randomValue type='EMOJI'}}", "randomValue: unknown type \"EMOJI\""),
        ("{{randomInt lower=3 upper=3}}", "randomInt: upper (3) must be above lower (3); upper is excluded"),
        ("{{matches 'a' '('}}", "matches: \"(\" is not a valid regular expression"),
        ("{{regexExtract 'abc' '[0-9]'}}", "regexExtract: nothing in the text matches"),
        ("{{matches 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac' '(a+)+b'}}", "matches: the regular expression backtracked too long"),
        ("{{regexExtract 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac' '(a+)+b'}}", "regexExtract: the regular expression backtracked too long"),
        ("{{> partial}}", "partials ({{> name}}) are not supported"),
        ("{{systemValue type='ENVIRONMENT' key='HOME'}}", "systemValue: templates cannot read environment variables or system properties; pass the value in the stub's transformerParameters"),
        ("{{'unclosed}}", "the tag is not closed"),
        ("{{#each (range 1 50000)}}{{#each (range 1 50000)}}x{{/each}}{{/each}}", "steps"),
        ("{{range 1 999999999}}", "range: 999999999 numbers is over the limit"),
    ])
    func badTemplatesAnswer500(_ template: String, _ message: String) {
        let result = renderTemplate(template, name: "Greeter")
        #expect(result.status == 500)
        #expect(result.body.hasPrefix("Stub \"Greeter\" (id "), "\(result.body)")
        #expect(result.body.contains("template error in the body at "), "\(result.body)")
        #expect(result.body.contains(message), "\(result.body)")
    }

    @Test func deepNestingIsRefusedNotOverflowed() {
        let template = String(repeating: "{{#if true}}", count: 200) + String(repeating: "{{/if}}", count: 200)
        let result = renderTemplate(template)
        #expect(result.status == 500)
        #expect(result.body.contains("blocks nest deeper than 64"))
        let subexpressions = "{{not " + String(repeating: "(not ", count: 200) + "true" + String(repeating: ")", count: 200) + "}}"
        #expect(renderTemplate(subexpressions).body.contains("subexpressions nest deeper than 64"))
    }
}
