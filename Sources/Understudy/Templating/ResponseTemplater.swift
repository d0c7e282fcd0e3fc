import Foundation
import UnderstudyJSON
import UnderstudySupport
package import UnderstudyTemplating

/// WireMock's `response-template` transformer: renders a response's body (inline, JSON or the
/// file `bodyFileName` names, whose name is a template too), header values, status message
/// and proxy base URL against the request. Templates are parsed once and cached.
///
/// A template that cannot be parsed or rendered gives a 500 whose text names the stub, the
/// part of the response, the line and the column; it never throws or crashes.
package final class ResponseTemplater: Sendable {
    /// The transformer name that asks for templating.
    static let transformerName = "response-template"
    /// How many parsed templates are kept.
    static let cacheLimit = 1_024

    /// A parsed template and the request fields it reads, worked out once.
    private struct Parsed {
        let template: Template
        let requestFields: TemplateRequestFields
    }

    private let cache = Locked<[String: Result<Parsed, TemplateError>]>([:])
    /// Seeds for each rendering: the mock's sequence when it asked for reproducible
    /// randomness, otherwise one seeded once from the system (so that a busy mock makes no
    /// system call per rendering).
    private let seeds: Locked<SplitMix64>
    /// Whether `{{ }}` escapes HTML (WireMock's WAR deployment); off as in standalone WireMock.
    private let escapesHTML: Bool

    /// - Parameters:
    ///   - seed: makes `randomValue`, `randomInt`... give the same sequence every run.
    ///   - escapesHTML: makes `{{ }}` escape HTML, as Handlebars does by default.
    init(seed: UInt64?, escapesHTML: Bool = false) {
        var system = SystemRandomNumberGenerator()
        seeds = Locked(SplitMix64(seed: seed ?? system.next()))
        self.escapesHTML = escapesHTML
    }

    /// The seed of one rendering: the next of the mock's sequence.
    func nextSeed() -> UInt64 {
        seeds.withLock { $0.next() }
    }

    /// The response with its templates rendered, or a 500 naming the problem.
    func render(_ response: ResponseDefinition, for request: RecordedRequest, stub: StubMapping?, root: MappingsRoot?) -> ResponseDefinition {
        let seed = nextSeed()
        var rendering = ResponseRendering(
            model: TemplateRequestModel(request, urlPattern: stub?.request.url),
            parameters: response.transformerParameters.map { TemplateValue(.object($0)) } ?? .object(.init()),
            generator: SplitMix64(seed: seed), escapesHTML: escapesHTML)
        var part = "the body"
        do {
            var rendered = response
            switch response.body {
            case .text(let text):
                rendered.body = .text(try render(text, with: &rendering))
            case .json(let json):
                let text = try render(json.jsonText(), with: &rendering)
                rendered.body = (try? JSONParser.parse(text)).map(ResponseBody.json) ?? .text(text)
            case .file(let name):
                part = "bodyFileName"
                let fileName = try render(name, with: &rendering)
                guard let root else {
                    return failure(stub, "bodyFileName \"\(fileName)\" needs a root folder; create the mock with HTTPMock.Configuration(root:)")
                }
                let data = try root.bodyFile(named: fileName)
                part = "the file \(fileName)"
                if let text = String(data: data, encoding: .utf8) {
                    rendered.body = .text(try render(text, with: &rendering))
                } else {
                    rendered.body = .binary(data)
                }
            case .none, .binary:
                break
            }
            if let stream = response.stream {
                part = "the stream"
                rendered.stream = try stream.mapTexts { (text: String) throws(TemplateError) -> String in try render(text, with: &rendering) }
            }
            for (index, item) in response.extensions.enumerated() {
                part = item.key
                rendered.extensions[index] = try item.renderingTemplates { (text: String) throws(TemplateError) -> String in
                    try render(text, with: &rendering)
                }
            }
            part = "the headers"
            var headers = HTTPHeaders()
            for field in response.headers { headers.add(name: field.name, value: try render(field.value, with: &rendering)) }
            rendered.headers = headers
            part = "statusMessage"
            if let message = response.statusMessage { rendered.statusMessage = try render(message, with: &rendering) }
            part = "proxyBaseUrl"
            if let base = response.proxyBaseUrl { rendered.proxyBaseUrl = try render(base, with: &rendering) }
            return rendered
        } catch let error as TemplateError {
            return failure(stub, "template error in \(part) at line \(error.line), column \(error.column): \(error.message)")
        } catch {
            return failure(stub, "\(part) cannot be served: \(error)")
        }
    }

    /// A message stub's text rendered, as WireMock 4's `message-template` transformer does:
    /// `request` is the socket's opening request (or the HTTP request of an HTTP trigger),
    /// `message.body` the message that fired the stub, as text (`messageText`); `urlPattern`
    /// names the path parameters (`request.path.id` for `/pets/{id}`).
    package func renderMessage(_ text: String, request: RecordedRequest, urlPattern: URLPattern?, messageText: String?) throws(TemplateError) -> String {
        guard Self.hasTag(text) else { return text }
        // The echo, the commonest message template, renders to the message itself (`{{ }}`
        // escapes nothing unless escaping is on).
        if let messageText, text == "{{{message.body}}}" || (text == "{{message.body}}" && !escapesHTML) { return messageText }
        var body = TemplateValue.JSONObjectValue(capacity: 1)
        body.append("body", messageText.map { .string($0) } ?? .null)
        var rendering = ResponseRendering(
            model: TemplateRequestModel(request, urlPattern: urlPattern), parameters: .object(.init()),
            generator: SplitMix64(seed: nextSeed()), escapesHTML: escapesHTML, extras: [("message", .object(body))])
        return try render(text, with: &rendering)
    }

    private func render(_ text: String, with rendering: inout ResponseRendering) throws(TemplateError) -> String {
        guard Self.hasTag(text) else { return text }
        let parsed = try template(text)
        return try rendering.render(parsed.template, reading: parsed.requestFields)
    }

    /// Where `text` fails to parse as a template (`at line 1, column 3: ...`); `nil` when it parses.
    package static func parseProblem(_ text: String) -> String? {
        guard hasTag(text) else { return nil }
        do {
            _ = try Template(parsing: text)
            return nil
        } catch {
            return "at line \(error.line), column \(error.column): \(error.message)"
        }
    }

    /// Whether `text` has a `{{` (Foundation's `contains` is slow on Linux).
    package static func hasTag(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "{"), previous == byte { return true }
            previous = byte
        }
        return false
    }

    private func template(_ text: String) throws(TemplateError) -> Parsed {
        if let cached = cache.withLock({ $0[text] }) { return try cached.get() }
        let parsed: Result<Parsed, TemplateError>
        do {
            let template = try Template(parsing: text)
            parsed = .success(Parsed(template: template, requestFields: TemplateRequestFields(readBy: template)))
        } catch {
            parsed = .failure(error)
        }
        cache.withLock { cache in
            if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[text] = parsed
        }
        return try parsed.get()
    }

    private func failure(_ stub: StubMapping?, _ problem: String) -> ResponseDefinition {
        let name = stub.map { "Stub \($0.label)" } ?? "The response"
        return ResponseDefinition(status: 500, headers: ["Content-Type": "text/plain; charset=utf-8"],
                                  body: .text("\(name): \(problem)\n"))
    }
}
