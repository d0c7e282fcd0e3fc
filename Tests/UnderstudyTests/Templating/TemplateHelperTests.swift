import Foundation
import Testing
@testable import Understudy

/// Every request field and helper, mostly with the examples of WireMock's response-templating page.
struct TemplateHelperTests {
    @Test(arguments: [
        ("{{request.url}}", "/things/abc/def?search=WireMock&multi=1&multi=2"),
        ("{{{request.url}}}", "/things/abc/def?search=WireMock&multi=1&multi=2"),
        ("{{request.path}}", "/things/abc/def"),
        ("{{request.path.[1]}}", "abc"),
        ("{{request.pathSegments.[2]}}", "def"),
        ("{{request.query.search}}", "WireMock"),
        ("{{request.query.multi}}", "[1, 2]"),
        ("{{request.query.multi.[1]}}", "2"),
        ("{{request.method}}", "POST"),
        ("{{request.host}}", "localhost"),
        ("{{request.port}}", "8080"),
        ("{{request.scheme}}", "http"),
        ("{{request.baseUrl}}", "http://localhost:8080"),
        ("{{request.headers.content-type}}", "application/json"),
        ("{{request.headers.X-Multi}}", "[a, b]"),
        ("{{request.headers.X-Multi.[1]}}", "b"),
        ("{{request.headers.[X-Multi].[0]}}", "a"),
        ("{{request.cookies.theme}}", "dark"),
        ("{{request.id}}", "00000000-0000-0000-0000-000000000042"),
        ("{{request.clientIp}}", "127.0.0.1"),
        ("{{request.missing}}|{{request.query.missing}}", "|"),
        ("{{{request.body}}}", #"{"name":"Ada","items":[{"id":1,"price":2.5},{"id":2,"price":4}],"nested":{"flag":true}}"#),
        ("{{size request.body}}", String(templatedRequest.bodyText.count)),
        ("{{request.bodyAsBase64}}", Data(#"{"name":"Ada","items":[{"id":1,"price":2.5},{"id":2,"price":4}],"nested":{"flag":true}}"#.utf8).base64EncodedString()),
    ])
    func requestFields(_ template: String, _ expected: String) {
        #expect(renderTemplate(template).body == expected)
    }

    @Test(arguments: [
        // JSON
        ("{{jsonPath request.body '$.name'}}", "Ada"),
        ("{{jsonPath request.body '$.items[1].price'}}", "4"),
        ("{{jsonPath request.body '$.items[0].price'}}", "2.5"),
        ("{{jsonPath request.body '$.missing' default='none'}}", "none"),
        ("{{#each (jsonPath request.body '$.items') as |item|}}{{item.id}}{{#unless @last}},{{/unless}}{{/each}}", "1,2"),
        ("{{#each (jsonPath request.body '$.items')}}{{@index}}:{{id}} {{/each}}", "0:1 1:2 "),
        ("{{#with (parseJson request.body)}}{{name}}{{/with}}", "Ada"),
        ("{{parseJson request.body 'doc'}}{{doc.nested.flag}}", "true"),
        ("{{{toJson (jsonPath request.body '$.nested')}}}", "{\n  \"flag\" : true\n}"),
        ("{{{jsonArrayAdd '[1,2]' '3'}}}", "[1,2,3]"),
        ("{{{jsonArrayAdd '[1,2,3]' '4' maxItems=2}}}", "[3,4]"),
        (#"{{{jsonMerge '{"a":1,"b":{"c":1}}' '{"b":{"d":2}}'}}}"#, #"{"a":1,"b":{"c":1,"d":2}}"#),
        // Logic
        ("{{#eq request.method 'POST'}}post{{else}}other{{/eq}}", "post"),
        ("{{#ne request.method 'POST'}}other{{else}}post{{/ne}}", "post"),
        ("{{#if (and (gt 3 2) (lt 1 2))}}y{{/if}}", "y"),
        ("{{gte 2 2}} {{lte 3 2}} {{gt '10' 9}}", "true false true"),
        ("{{not true}} {{or false 0 ''}}", "false false"),
        ("{{#if (eq request.query.search 'x')}}x{{else if (eq request.query.search 'WireMock')}}wm{{else}}other{{/if}}", "wm"),
        ("{{#unless (contains request.body 'Bob')}}no Bob{{/unless}}", "no Bob"),
        ("{{#contains request.body 'Ada'}}yes{{else}}no{{/contains}}", "yes"),
        ("{{contains (array 'a' 'b') 'b'}}", "true"),
        ("{{#matches request.query.search '[A-Z][a-z]+Mock'}}ok{{/matches}}", "ok"),
        ("{{matches request.query.search 'Wire'}}", "false"),
        ("{{#with request.cookies}}{{session}}{{/with}}", "s1"),
        ("{{#each request.cookies}}{{@key}}={{this}};{{/each}}", "session=s1;theme=dark;"),
        ("{{#each (array)}}x{{else}}empty{{/each}}", "empty"),
        ("{{#each (array 'a' 'b' 'c')}}{{#if @first}}[{{/if}}{{this}}{{#if @last}}]{{/if}}{{/each}}", "[abc]"),
        ("{{val request.query.missing or='fallback'}} {{val request.query.search default='x'}}", "fallback WireMock"),
        ("{{lookup request.headers 'x-multi'}}", "[a, b]"),
        ("{{#assign 'greeting'}}Hi {{request.query.search}}{{/assign}}{{greeting}}!", "Hi WireMock!"),
        ("{{isOdd 3}} {{isEven 3}}", "true false"),
        // Numbers and collections
        // MathsHelper: BigDecimal arithmetic; division keeps the left operand's scale, rounding half up.
        ("{{math 1 '+' 2}} {{math 10 '/' 4}} {{math 7 '%' 3}} {{math 2 '*' 1.5}} {{math 8 '-' 10}}", "3 3 1 3 -2"),
        ("{{math 10.0 '/' 4}} {{math 8 '/' 2}} {{math 5 'x' 2}} {{math '3' '+' '2'}} {{math 0.1 '+' 0.2}} {{math 10.5 '%' 3}} {{math 'a' '+' 1}}",
         "2.5 4 10 5 0.3 1.5 1"),
        ("{{arrayJoin ',' (range 1 4)}}", "1,2,3,4"),
        ("{{join (array 'a' 'b') '-'}}", "a-b"),
        ("{{join (array 1 2) ', ' prefix='[' suffix=']'}}", "[1, 2]"),
        ("{{size request.pathSegments}} {{size 'abcd'}} {{size (array)}}", "3 4 0"),
        // Strings
        ("{{trim '  padded  '}}|{{upper 'abc'}}|{{lower 'ABC'}}|{{capitalize 'hello world'}}", "padded|ABC|abc|Hello World"),
        ("{{replace 'a-b-c' '-' '+'}}|{{substring 'abcdef' 2 4}}|{{substring 'abcdef' 3}}|{{abbreviate 'Mock server' 7}}", "a+b+c|cd|def|Mock..."),
        // Encoding
        ("{{base64 'hello'}}", "aGVsbG8="),
        ("{{{base64 'hello'}}} {{base64 'hello' padding=false}} {{base64 'aGVsbG8=' decode=true}}", "aGVsbG8= aGVsbG8 hello"),
        ("{{urlEncode 'a b&c'}} {{urlEncode 'a+b%26c' decode=true}}", "a+b%26c a b&c"),
        ("{{formData 'a=1&b=x+y%21&a=2' 'f' urlDecode=true}}{{{f.b}}}|{{f.a}}|{{f.a.[1]}}", "x y!|[1, 2]|2"),
        ("{{formData 'a=1&b=x+y%21' 'f'}}{{{f.b}}}|{{f.a}}", "x+y%21|1"),
        ("{{regexExtract request.url '[a-z]+/[a-z]+'}}", "things/abc"),
        ("{{regexExtract request.url '/([a-z]+)/([a-z]+)/' 'parts'}}{{parts.0}}-{{parts.1}}", "things-abc"),
        ("{{regexExtract request.url '[0-9]{5}' default='none'}}", "none"),
        // Dates
        ("{{date (parseDate '2026-01-31') offset='1 months' format='yyyy-MM-dd'}}", "2026-02-28"),
        ("{{parseDate '31/12/2025' format='dd/MM/yyyy'}}", "2025-12-31T00:00:00Z"),
        ("{{parseDate 'Mon, 23 Nov 2026 10:15:30 GMT'}} {{parseDate '2026-11-23T10:15:30+02:00'}} {{parseDate '2026-11-23T10:15:30'}}",
         "2026-11-23T10:15:30Z 2026-11-23T08:15:30Z 2026-11-23T10:15:30Z"),
        ("{{date (parseDate '2026-11-23T10:15:30Z') format='epoch'}} {{date (parseDate '2026-11-23T10:15:30Z') format='unix'}}", "1795428930000 1795428930"),
        ("{{date (parseDate '2026-11-23T10:15:30Z') timezone='Asia/Tokyo' format='HH:mm'}}", "19:15"),
        ("{{date (parseDate '1795428930' format='unix') offset='-2 hours'}}", "2026-11-23T08:15:30Z"),
        // Syntax
        ("a {{! a comment }}b{{!-- {{not rendered}} --}}", "a b"),
        ("a   {{~request.method~}}   b", "aPOSTb"),
        ("{{#if true}}\n  line\n{{/if}}\nend", "  line\nend"),
        ("{{#each (array 1 2)}}\n- {{this}}\n{{/each}}\n", "- 1\n- 2\n"),
        ("{{#with request}}{{#with headers}}{{../method}}{{/with}}{{/with}}", "POST"),
        ("{{'<b>'}}{{{'<b>'}}}{{& '<b>'}}", "<b><b><b>"),
        ("{{parameters.none}}static", "static"),
    ])
    func helpers(_ template: String, _ expected: String) {
        let result = renderTemplate(template)
        #expect(result.status == 200, "\(result.body)")
        #expect(result.body == expected)
    }

    @Test func namedPathParametersComeFromTheURLPathTemplate() throws {
        let mock = HTTPMock()
        mock.stub(.request(.post, .urlPathTemplate("/things/{first}/{second}")), .ok.body("{{request.path.first}}+{{request.path.second}}").templated())
        #expect(mock.serve(templatedRequest).response.body == .text("abc+def"))
    }

    @Test func randomValuesAreSeededAndShaped() throws {
        let template = "{{randomValue length=12 type='ALPHANUMERIC'}}|{{randomValue length=6 type='NUMERIC'}}|{{randomValue type='UUID'}}|{{randomValue length=4 type='HEXADECIMAL' uppercase=true}}|{{randomValue length=5 type='ALPHABETIC'}}|{{randomInt lower=5 upper=9}}|{{randomDecimal lower=1 upper=2}}|{{pickRandom 'a' 'b' 'c'}}"
        let first = renderTemplate(template, seed: 2026).body
        #expect(renderTemplate(template, seed: 2026).body == first, "the same seed gives the same values")
        #expect(renderTemplate(template, seed: 2027).body != first)
        let parts = first.split(separator: "|").map(String.init)
        #expect(parts.count == 8)
        #expect(parts[0].count == 12 && parts[0].allSatisfy { $0.isLetter || $0.isNumber })
        #expect(parts[1].count == 6 && parts[1].allSatisfy(\.isNumber))
        #expect(UUID(uuidString: parts[2]) != nil && parts[2] == parts[2].lowercased())
        #expect(parts[3].count == 4 && parts[3].allSatisfy { "0123456789ABCDEF".contains($0) })
        #expect(parts[4].count == 5 && parts[4].allSatisfy(\.isLetter))
        #expect((5..<9).contains(Int(parts[5]) ?? -1))
        #expect((1.0..<2.0).contains(Double(parts[6]) ?? -1))
        #expect(["a", "b", "c"].contains(parts[7]))
        // randomInt covers its whole range: lower included, upper excluded, as in WireMock.
        let ints = Set((0..<200).map { seed in renderTemplate("{{randomInt lower=5 upper=9}}", seed: UInt64(seed)).body })
        #expect(ints == ["5", "6", "7", "8"])
    }

    @Test func nowFollowsTheClockWithOffsetsAndFormats() throws {
        let before = Date()
        let epoch = try #require(Double(renderTemplate("{{now format='epoch'}}").body))
        #expect(abs(epoch / 1000 - before.timeIntervalSince1970) < 5)
        let yesterday = try #require(Double(renderTemplate("{{now offset='-1 days' format='unix'}}").body))
        #expect(abs(yesterday - (before.timeIntervalSince1970 - 86_400)) < 5)
        let iso = renderTemplate("{{now}}").body
        #expect(iso.hasSuffix("Z") && iso.count == 20, "\(iso)")
    }
}
