import Foundation
import Testing
@testable import Understudy

/// The helpers WireMock 3.13.2's `TemplateEngine` registers beside its own JSON ones:
/// Handlebars.java 4.3.1's `StringHelpers` and `NumberHelper`, and WireMock's array, date and
/// host helpers. Java formats numbers and dates in the JVM's default locale, `en_US` on a
/// machine without one (WireMock's Docker image), and its default zone, UTC there.
struct TemplateWireMockHelperTests {
    /// Handlebars.java `helper/StringHelpers.java` (Apache Commons `StringUtils`/`WordUtils`
    /// underneath); a falsy first argument gives the second argument or nothing (`StringHelpers.apply`).
    @Test(arguments: [
        ("{{capitalizeFirst 'hello world'}}|{{capitalize 'hELLO wORLD'}}|{{capitalize 'hELLO wORLD' fully=true}}", "Hello world|HELLO WORLD|Hello World"),
        ("[{{center 'x' size=5}}]{{center 'ab' size=5 pad='*'}}|{{ljust 'ab' size=5 pad='-'}}|{{rjust '7' size=3 pad='0'}}|{{rjust 'abcdef' size=3}}",
         "[  x  ]*ab**|ab---|007|abcdef"),
        ("{{cut 'a b c'}}|{{cut 'a-b-c' '-'}}|{{cut request.query.none}}", "abc|abc|"),
        ("{{defaultIfEmpty request.query.none 'dflt'}}|{{defaultIfEmpty 'x' 'dflt'}}|{{defaultIfEmpty ''}}", "dflt|x|"),
        ("{{slugify '  Hello World 2 '}}", "hello-world-"),
        ("{{stringFormat '%s is %d years' 'Ada' 36}}|{{stringFormat '%.2f' 3.14159}}|{{stringFormat '%05d|%-4s|%x|%X' 42 'ab' 255 255}}",
         "Ada is 36 years|3.14|00042|ab  |ff|FF"),
        ("{{stringFormat '%,d %,.1f %2$s %%' 1234567 9876.54}}|{{stringFormat '%b %b %S' true request.query.none 'up'}}", "1,234,567 9,876.5 9876.54 %|true false UP"),
        ("{{stripTags '<p>Hi <b>there</b></p> 1 < 2'}}", "Hi there 1 < 2"),
        ("{{wordWrap 'the quick brown fox' 10}}", "the quick\nbrown fox"),
        ("{{wordWrap 'a verylongword b' 4}}", "a\nverylongword\nb"),
        ("{{yesno true}} {{yesno false}} {{yesno request.query.none}} {{yesno true yes='Y'}} {{yesno null maybe='?'}}", "yes no maybe Y ?"),
        ("{{join 'a' 'b' 'c' ', '}}|{{join (array 1 2) '+'}}|{{join request.query.none ','}}", "a, b, c|1+2|"),
        ("{{upper request.query.none 'fallback'}}|{{upper request.query.none}}|{{lower 'ABC'}}", "fallback||abc"),
    ])
    func handlebarsStringHelpers(_ template: String, _ expected: String) {
        let result = renderTemplate(template)
        #expect(result.status == 200, "\(result.body)")
        #expect(result.body == expected)
    }

    /// Handlebars.java `StringHelpers.join` takes the separator last; the separator-first form
    /// is WireMock's `arrayJoin`, which the error names.
    @Test(arguments: [
        ("{{join ',' (array 1 2)}}", "use {{arrayJoin ', ' list}}"),
        ("{{center 'x'}}", "needs size="),
        ("{{yesno 'maybe'}}", "takes true, false or null"),
        ("{{stringFormat '%d' 1.5}}", "%d cannot format \"1.5\""),
        ("{{stringFormat '%s %s' 'one'}}", "only 1 given"),
        ("{{stringFormat '%999999999s' 'a'}}", "a format width is at most 100000"),
        ("{{stringFormat '%.99999f' 1.5}}", "a format precision is at most 1000"),
    ])
    func stringHelperErrors(_ template: String, _ message: String) {
        let result = renderTemplate(template)
        #expect(result.status == 500)
        #expect(result.body.contains(message), "\(result.body)")
    }

    /// Handlebars.java `StringHelpers.numberFormat` (Java's `NumberFormat` instances and
    /// `DecimalFormat` patterns, HALF_EVEN rounding), in `en_US` unless a locale is given;
    /// `£123.46` is ResponseTemplateTransformerTest.formatDecimalAsCurrencyWithLocale.
    @Test(arguments: [
        ("{{numberFormat 1234.5678}}|{{numberFormat 1234.5678 'integer'}}|{{numberFormat 0.256 'percent'}}", "1,234.568|1,235|26%"),
        ("{{numberFormat 123.456 'currency' 'en_GB'}}|{{numberFormat 5 'currency'}}|{{numberFormat 1234.5 'default' 'de_DE'}}", "£123.46|$5.00|1.234,5"),
        ("{{numberFormat 1234.5 '#,##0.00'}}|{{numberFormat -3 '000'}}", "1,234.50|-003"),
        ("{{numberFormat 3.14159 maximumFractionDigits=2}}|{{numberFormat 7 minimumIntegerDigits=3}}|{{numberFormat 1234567 groupingUsed=false}}",
         "3.14|007|1234567"),
        ("{{numberFormat 2.5 'integer'}}|{{numberFormat 2.5 'integer' roundingMode='HALF_UP'}}|{{numberFormat 2.1 'integer' roundingMode='ceiling'}}", "2|3|3"),
        ("{{numberFormat 'text' 'fallback'}}|{{numberFormat request.query.none}}", "fallback|"),
        ("{{#each (array 'a' 'b' 'c')}}{{stripes @index 'e' 'o'}}{{/each}}|{{stripes 3}}", "eoe|odd"),
    ])
    func numberHelpers(_ template: String, _ expected: String) {
        let result = renderTemplate(template)
        #expect(result.status == 200, "\(result.body)")
        #expect(result.body == expected)
    }

    /// WireMock `ArrayAddHelper`, `ArrayRemoveHelper` (`AbstractArrayHelper.parsePosition`:
    /// `start`, `end` or an index) and `JoinHelper` (`arrayJoin`, whose block renders each item).
    /// Lists print as Java's `List.toString`.
    @Test(arguments: [
        ("{{arrayAdd (array 1 2) 3}}|{{arrayAdd (array 1 2) 3 position='start'}}|{{arrayAdd (array 1 2) 3 position=1}}|{{arrayAdd request.query.none 1}}",
         "[1, 2, 3]|[3, 1, 2]|[1, 3, 2]|[]"),
        ("{{arrayRemove (array 1 2 3)}}|{{arrayRemove (array 1 2 3) position='start'}}|{{arrayRemove (array 1 2 3) position=1}}", "[1, 2]|[2, 3]|[1, 3]"),
        ("{{#each (arrayAdd (jsonPath request.body '$.items') 'x')}}{{#if id}}{{id}}{{else}}{{this}}{{/if}}{{/each}}", "12x"),
        ("{{arrayJoin ',' (array 'One' 'Two' 'Three')}}|{{arrayJoin ' - ' 'a' 'b' prefix='<' suffix='>'}}|[{{arrayJoin ',' (array) prefix='<'}}]",
         "One,Two,Three|<a - b>|[]"),
        ("{{#arrayJoin ';' (jsonPath request.body '$.items') prefix='('}}#{{id}}{{/arrayJoin}})", "(#1;#2)"),
    ])
    func arrayHelpers(_ template: String, _ expected: String) {
        let result = renderTemplate(template)
        #expect(result.status == 200, "\(result.body)")
        #expect(result.body == expected)
    }

    @Test(arguments: [
        ("{{arrayAdd (array 1 2) 3 position=5}}", "position must be greater than or equal to 0"),
        ("{{arrayAdd (array 1 2) 3 position='middle'}}", "position must be 'start', 'end' or an integer"),
        ("{{arrayAdd (array 1 2)}}", "missing the value to add"),
        ("{{arrayRemove (array)}}", "the list is empty"),
        ("{{arrayJoin 1 (array 1)}}", "the separator (the first argument) must be text"),
    ])
    func arrayHelperErrors(_ template: String, _ message: String) {
        let result = renderTemplate(template)
        #expect(result.status == 500)
        #expect(result.body.contains(message), "\(result.body)")
    }

    /// WireMock `TruncateDateTimeHelper` (truncation in UTC, `DateTimeTruncation`): the cases of
    /// ResponseTemplateTransformerTest.dateTruncation and TruncateDateTimeHelperTest.
    @Test(arguments: [
        ("{{date (truncateDate (parseDate '2021-06-29T11:22:33Z') 'first hour of day')}}", "2021-06-29T00:00:00Z"),
        ("{{truncateDate '2020-03-27T11:22:33Z' 'last day of month'}}", "2020-03-31T00:00:00Z"),
        ("{{truncateDate '2020-12-27T11:22:33Z' 'first day of next month'}}|{{truncateDate '2020-03-27T11:22:33Z' 'first_day_of_year'}}",
         "2021-01-01T00:00:00Z|2020-01-01T00:00:00Z"),
    ])
    func truncateDate(_ template: String, _ expected: String) {
        let result = renderTemplate(template)
        #expect(result.status == 200, "\(result.body)")
        #expect(result.body == expected)
    }

    /// ResponseTemplateTransformerTest.canTruncateARenderableDateToFirstOfMonth, on today's date.
    @Test func truncateDateOfNow() throws {
        func firstOfMonth(_ date: Date) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(secondsFromGMT: 0)
            formatter.dateFormat = "yyyy-MM-01"
            return formatter.string(from: date)
        }
        let before = firstOfMonth(Date())
        let rendered = renderTemplate("{{date (truncateDate (now) 'first day of month') format='yyyy-MM-dd'}}").body
        let after = firstOfMonth(Date())
        #expect(rendered == before || rendered == after, "\(rendered)")
        let unknown = renderTemplate("{{truncateDate (now) 'first week'}}")
        #expect(unknown.status == 500)
        #expect(unknown.body.contains("unknown truncation \"first week\"; use one of first second of minute"), "\(unknown.body)")
    }

    /// Handlebars.java `StringHelpers.dateFormat`: a Java pattern or a `FormatStyle`
    /// (`ofLocalizedDate`, `medium` by default), an optional locale, `tz=`.
    @Test(arguments: [
        ("{{dateFormat (parseDate '2026-11-23T10:15:30Z') 'yyyy-MM-dd HH:mm'}}", "2026-11-23 10:15"),
        ("{{dateFormat (parseDate '2026-11-23T10:15:30Z') 'full'}}|{{dateFormat (parseDate '2026-11-23T10:15:30Z')}}|{{dateFormat (parseDate '2026-11-23T10:15:30Z') 'short'}}",
         "Monday, November 23, 2026|Nov 23, 2026|11/23/26"),
        ("{{dateFormat (parseDate '2026-11-23T10:15:30Z') 'long' 'fr_FR'}}|{{dateFormat (parseDate '2026-11-23T10:15:30Z') format='HH:mm' tz='Asia/Tokyo'}}",
         "23 novembre 2026|19:15"),
    ])
    func dateFormat(_ template: String, _ expected: String) {
        let result = renderTemplate(template)
        #expect(result.status == 200, "\(result.body)")
        #expect(result.body == expected)
    }

    /// WireMock `HostnameHelper`: the machine's name (Java's `InetAddress.getLocalHost().getHostName()`).
    @Test func hostnameIsTheMachineName() {
        let rendered = renderTemplate("{{hostname}}").body
        #expect(!rendered.isEmpty)
        #expect(rendered == ProcessInfo.processInfo.hostName)
    }

    /// WireMock `ValHelper` (null only is missing; `assign=`), and `ContainsHelper` /
    /// `MatchesRegexHelper` as blocks, which render nothing when false, `{{else}}` or not.
    @Test(arguments: [
        ("[{{val request.query.empty or='d'}}][{{val request.query.none or='d'}}][{{val request.query.none}}]", "[][d][]"),
        ("{{val request.method assign='m'}}[{{m}}]", "[POST]"),
        ("[{{#contains request.body 'Bob'}}yes{{else}}no{{/contains}}][{{#matches request.method 'P.*'}}post{{else}}other{{/matches}}]", "[][post]"),
        ("[{{#matches request.method 'G.*'}}get{{else}}other{{/matches}}][{{#eq 1 2}}same{{else}}different{{/eq}}]", "[][different]"),
    ])
    func valAndSectionHelpers(_ template: String, _ expected: String) {
        let request = RecordedRequest(method: .post, url: "http://localhost/x?empty=", body: Data(#"{"name":"Ada"}"#.utf8))
        let result = renderTemplate(template, request: request)
        #expect(result.status == 200, "\(result.body)")
        #expect(result.body == expected)
    }

    /// WireMock `Base64Helper` and `StringTrimHelper` read a block as their text.
    @Test func base64AndTrimTakeTheirBlock() {
        #expect(renderTemplate("{{#base64}}hello{{/base64}}|{{#trim}}  {{request.method}}  {{/trim}}|{{#base64 padding=false}}hi{{/base64}}").body
            == "aGVsbG8=|POST|aGk")
    }

    /// WireMock `PickRandomHelper`: `count=` picks that many different values.
    @Test func pickRandomCountPicksDifferentValues() {
        for seed in 0..<20 {
            let picked = renderTemplate("{{#each (pickRandom 'a' 'b' 'c' 'd' count=3)}}{{this}}{{/each}}|{{size (pickRandom (array 1 2) count=5)}}",
                                        seed: UInt64(seed)).body.split(separator: "|")
            #expect(picked.count == 2)
            #expect(picked.first.map { Set($0).count == 3 && Set($0).isSubset(of: Set("abcd")) } == true, "\(picked)")
            #expect(picked.last == "2")
        }
    }

    /// Handlebars.java `helper/LogHelper.java` logs and renders nothing.
    @Test func logRendersNothing() {
        #expect(renderTemplate("a{{log 'note' request.method}}b").body == "ab")
    }
}
