import Testing
@testable import Understudy

/// `{{message.body}}` alone, the echo, skips the template engine; it must render what the
/// engine renders, with and without HTML escaping.
struct MessageTemplateTests {
    @Test(arguments: [false, true])
    func theEchoRendersAsTheEngineDoes(escapesHTML: Bool) throws {
        let templater = ResponseTemplater(seed: 1, escapesHTML: escapesHTML)
        let request = RecordedRequest(method: .get, url: "/chat")
        for text in ["hi", #"<b>&"'=`</b>"#, "{{not a tag}}", "line\nbreak", "é🙂"] {
            for template in ["{{message.body}}", "{{{message.body}}}"] {
                let echoed = try templater.renderMessage(template, request: request, urlPattern: nil, messageText: text)
                // Brackets around the tag keep the engine's path.
                let engine = try templater.renderMessage("[\(template)]", request: request, urlPattern: nil, messageText: text)
                #expect("[\(echoed)]" == engine, "\(template) on \(text.debugDescription), escaping \(escapesHTML)")
            }
        }
        #expect(try templater.renderMessage("{{message.body}}", request: request, urlPattern: nil, messageText: nil) == "")
    }
}
