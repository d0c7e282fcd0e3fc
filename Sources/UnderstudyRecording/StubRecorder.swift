import Understudy
import Foundation
import UnderstudyJSON
import UnderstudySupport
import UnderstudyXML

/// Turns recorded exchanges into stub mappings (and `__files` bodies), following a
/// ``RecordSpec``: the engine behind ``Recorder`` and HAR import.
///
/// - Requests match on method and `url` (path and query), plus the captured headers and the
///   body (`equalToJson` for JSON, `binaryEqualTo` for binary, `equalTo` for text). A redacted
///   query parameter switches to `urlPath` plus `queryParameters`, the redacted one matched by
///   presence.
/// - Responses keep status and headers (less hop-by-hop fields and `Content-Length`); bodies
///   are `jsonBody`, `body` or `base64Body`, or a file under `__files` when over the spec's
///   thresholds. Encoded bodies (`Content-Encoding: gzip`...) stay as recorded, header included.
/// - An answer whose body was timed as it arrived (``RecordedResponse/timeline``) and that was
///   streamed becomes an `eventStream` or `chunks` stub with the observed pauses, scaled by
///   ``RecordSpec/streamTimeScale`` (the rules are there).
/// - A request recorded several times with different answers becomes a scenario that gives
///   them in order, then repeats the last (with ``RecordSpec/repeatsAsScenarios``).
/// - Ids and names are derived from the traffic, so recording the same traffic twice gives the
///   same files.
package enum StubRecorder {
    /// Turns exchanges (oldest first) into stub mappings and body files.
    package static func record(_ exchanges: [RecordedExchange], spec: RecordSpec) -> RecordingResult {
        var groups: [(key: JSONValue, pattern: RequestPattern, exchanges: [RecordedExchange])] = []
        var groupIndex: [JSONValue: Int] = [:]
        for exchange in exchanges where spec.filters.admits(exchange.request) {
            let pattern = requestPattern(for: exchange.request, spec: spec)
            let key = pattern.wireMockJSON
            if let index = groupIndex[key] {
                groups[index].exchanges.append(exchange)
            } else {
                groupIndex[key] = groups.count
                groups.append((key, pattern, [exchange]))
            }
        }
        var result = RecordingResult(mappings: [], files: [:])
        var scenarios = 0
        for group in groups {
            let slug = slug(for: group.exchanges[0].request)
            let responses = group.exchanges.map(\.response)
            let distinct = responses.reduce(into: [RecordedResponse]()) { if $0.last?.isSameAnswer(as: $1) != true { $0.append($1) } }
            guard spec.repeatsAsScenarios, distinct.count > 1 else {
                result.mappings.append(mapping(group.pattern, responses[0], slug: slug, occurrence: 0, spec: spec, files: &result.files))
                continue
            }
            scenarios += 1
            let scenario = "scenario-\(scenarios)-\(slug)"
            for (index, response) in distinct.enumerated() {
                var stub = mapping(group.pattern, response, slug: slug, occurrence: index, spec: spec, files: &result.files)
                stub.scenarioName = scenario
                stub.requiredScenarioState = index == 0 ? Scenario.started : "\(scenario)-\(index + 1)"
                if index + 1 < distinct.count { stub.newScenarioState = "\(scenario)-\(index + 2)" }
                result.mappings.append(stub)
            }
        }
        return result
    }

    // MARK: Requests

    static func requestPattern(for request: RecordedRequest, spec: RecordSpec) -> RequestPattern {
        let redaction = spec.redaction
        var pattern: RequestPattern
        let query = request.queryItems
        if query.contains(where: { redaction.redactsQueryParameter($0.name) }) {
            pattern = .request(request.method, .urlPath(request.path))
            var seen: [String] = []
            for item in query where !seen.contains(item.name) {
                seen.append(item.name)
                if redaction.redactsQueryParameter(item.name) {
                    pattern = pattern.queryParameter(item.name, .matches(".*"))
                } else {
                    let values = request.queryValues(item.name)
                    pattern = values.count == 1
                        ? pattern.queryParameter(item.name, .equalTo(values[0]))
                        : pattern.queryParameter(item.name, .hasExactly(values.map { .equalTo($0) }))
                }
            }
        } else {
            pattern = .request(request.method, .url(request.url))
        }
        for header in spec.captureHeaders {
            guard let value = request.headers[header.name] else { continue }
            pattern = pattern.header(header.name, redaction.redactsHeader(header.name)
                ? .matches(".+") : .equalTo(value, caseInsensitive: header.caseInsensitive))
        }
        if let body = bodyPattern(for: request, spec: spec) { pattern = pattern.body(body) }
        return pattern
    }

    private static func bodyPattern(for request: RecordedRequest, spec: RecordSpec) -> StringValuePattern? {
        guard !request.body.isEmpty else { return nil }
        let contentType = request.headers["Content-Type"]?.lowercased()
        let text = String(data: request.body, encoding: .utf8)
        let json = (contentType.map(isJSON) ?? true) ? try? JSONParser.parse(request.body) : nil
        let redaction = spec.redaction
        switch spec.requestBodyPattern {
        case let .auto(ignoreArrayOrder, ignoreExtraElements, caseInsensitive):
            if let json, json.isContainer {
                return .equalToJson(redacting(json, redaction, with: "${json-unit.ignore}"),
                                    ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)
            }
            guard let text, !isBinary(contentType) else { return .binaryEqualTo(request.body) }
            // RequestBodyAutomaticPatternFactory: a media type mentioning xml records equalToXml.
            if contentType?.contains("xml") == true, let xml = xmlPattern(text, redaction: redaction) { return xml }
            return textPattern(text, contentType: contentType, caseInsensitive: caseInsensitive, redaction: redaction)
        case let .equalToJson(ignoreArrayOrder, ignoreExtraElements):
            if let json, json.isContainer {
                return .equalToJson(redacting(json, redaction, with: "${json-unit.ignore}"),
                                    ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)
            }
            return text.map { textPattern($0, contentType: contentType, caseInsensitive: false, redaction: redaction) } ?? .binaryEqualTo(request.body)
        case .equalTo(let caseInsensitive):
            return text.map { textPattern($0, contentType: contentType, caseInsensitive: caseInsensitive, redaction: redaction) } ?? .binaryEqualTo(request.body)
        case .equalToXml:
            guard let text else { return .binaryEqualTo(request.body) }
            return xmlPattern(text, redaction: redaction) ?? textPattern(text, contentType: contentType, caseInsensitive: false, redaction: redaction)
        }
    }

    /// `equalToXml` the body, with redacted element contents and attribute values replaced by
    /// `${xmlunit.ignore}` (placeholders then enabled); `nil` when the body is not well-formed XML.
    private static func xmlPattern(_ text: String, redaction: RecordSpec.Redaction) -> StringValuePattern? {
        guard let tree = try? XMLTree(parsing: text) else { return nil }
        let redacts = { (name: String) in redaction.redactsJSONField(name) }
        let touchesSecret = tree.nodes.contains { ($0.kind == .element || $0.kind == .attribute) && !$0.name.isNamespaceDeclaration && redacts($0.name.local) }
        guard touchesSecret else { return try? .equalToXml(text) }
        // Once a secret is found the raw text must never be recorded, so this never returns
        // nil: the placeholder takes delimiters the body does not use (other `${…}` text would
        // be read as an unknown placeholder), namespaces are compared by local name when the
        // body's prefixes are undeclared, and a body that still cannot be a pattern is
        // recorded as "any XML document" rather than as its text.
        let delimiters = [("${", "}", "\\$\\{", "\\}"), ("[[", "]]", "\\[\\[", "\\]\\]"), ("%%{", "}%%", "%%\\{", "\\}%%")]
        for (opening, closing, openingRegex, closingRegex) in delimiters where !text.contains(opening) {
            let redactedText = tree.redacted(redacts, placeholder: opening + "xmlunit.ignore" + closing)
            for awareness in [EqualToXmlPattern.NamespaceAwareness?.none, .some(.none)] {
                if let pattern = try? StringValuePattern.equalToXml(
                    redactedText, enablePlaceholders: true,
                    placeholderOpeningDelimiterRegex: opening == "${" ? nil : openingRegex,
                    placeholderClosingDelimiterRegex: opening == "${" ? nil : closingRegex,
                    namespaceAwareness: awareness) {
                    return pattern
                }
            }
        }
        return .matchesXPath("/*")
    }

    /// `equalTo` the text; a form body with a redacted field becomes a regex that matches any
    /// value of that field, so the secret is not written.
    private static func textPattern(_ text: String, contentType: String?, caseInsensitive: Bool, redaction: RecordSpec.Redaction) -> StringValuePattern {
        guard contentType?.contains("application/x-www-form-urlencoded") == true else {
            return .equalTo(text, caseInsensitive: caseInsensitive)
        }
        let fields = text.split(separator: "&", omittingEmptySubsequences: false).map(String.init)
        let redacted = fields.map { field -> (String, Bool) in
            let name = String(field.prefix { $0 != "=" })
            let decoded = name.removingPercentEncoding ?? name
            return (name, redaction.redactsJSONField(decoded) || redaction.redactsQueryParameter(decoded))
        }
        guard redacted.contains(where: \.1) else { return .equalTo(text, caseInsensitive: caseInsensitive) }
        let regex = zip(fields, redacted).map { field, info in
            info.1 ? NSRegularExpression.escapedPattern(for: info.0) + "=[^&]*" : NSRegularExpression.escapedPattern(for: field)
        }.joined(separator: "&")
        return .matches(regex)
    }

    // MARK: Responses

    private static func mapping(
        _ pattern: RequestPattern, _ recorded: RecordedResponse, slug: String, occurrence: Int, spec: RecordSpec,
        files: inout [String: Data]
    ) -> StubMapping {
        let id = UUID.stable(pattern.wireMockJSON.jsonText() + "#\(occurrence)")
        let name = slug
        var response = ResponseDefinition(status: recorded.status)
        for field in recorded.headers where keepsResponseHeader(field.name) {
            response.headers.add(name: field.name, value: spec.redaction.redactsHeader(field.name) ? RecordSpec.Redaction.placeholder : field.value)
        }
        response.transformers = spec.transformers
        response.transformerParameters = spec.transformerParameters
        if let stream = stream(for: recorded, spec: spec) {
            response.stream = stream
            return StubMapping(id: id, name: name, request: pattern, response: .definition(response),
                               persistent: spec.persist ? true : nil)
        }
        let body = responseBody(recorded, spec: spec)
        let fileName = "\(slug)-\(id.uuidString.lowercased().prefix(8)).\(body.fileExtension)"
        switch body.kind {
        case .none: break
        case .json(let value, let data):
            if let limit = spec.extractBodyCriteria?.textSizeThreshold, data.count > limit {
                files[fileName] = data
                response.body = .file(fileName)
            } else {
                response.body = .json(value)
            }
        case .text(let text):
            if let limit = spec.extractBodyCriteria?.textSizeThreshold, text.utf8.count > limit {
                files[fileName] = Data(text.utf8)
                response.body = .file(fileName)
            } else {
                response.body = .text(text)
            }
        case .binary(let data):
            if let limit = spec.extractBodyCriteria?.binarySizeThreshold, data.count > limit {
                files[fileName] = data
                response.body = .file(fileName)
            } else {
                response.body = .binary(data)
            }
        }
        return StubMapping(id: id, name: name, request: pattern, response: .definition(response),
                           persistent: spec.persist ? true : nil)
    }

    private enum BodyKind {
        case none
        case json(JSONValue, Data)
        case text(String)
        case binary(Data)
    }

    private static func responseBody(_ recorded: RecordedResponse, spec: RecordSpec) -> (kind: BodyKind, fileExtension: String) {
        guard !recorded.body.isEmpty else { return (.none, "txt") }
        let contentType = recorded.headers["Content-Type"]?.lowercased()
        let encoding = recorded.headers["Content-Encoding"]?.lowercased()
        if let encoding, encoding != "identity" { return (.binary(recorded.body), "bin") }
        if contentType.map(isJSON) ?? true, let json = try? JSONParser.parse(recorded.body), json.isContainer {
            let redacted = redacting(json, spec.redaction, with: .string(RecordSpec.Redaction.placeholder))
            let data = redacted == json ? recorded.body : Data(redacted.jsonText().utf8)
            return (.json(redacted, data), "json")
        }
        if !isBinary(contentType), let text = String(data: recorded.body, encoding: .utf8) {
            return (.text(text), textExtension(contentType))
        }
        return (.binary(recorded.body), binaryExtension(contentType))
    }

    private static func keepsResponseHeader(_ name: String) -> Bool {
        ProxyRequest.forwardsResponseHeader(name)
            && !["Content-Length", "Matched-Stub-Id", "Matched-Stub-Name"].contains { $0.caseInsensitiveEquals(name) }
    }

    // MARK: Redaction

    /// The value with every redacted field's value replaced, at any depth.
    static func redacting(_ value: JSONValue, _ redaction: RecordSpec.Redaction, with replacement: JSONValue) -> JSONValue {
        guard !redaction.jsonFields.isEmpty else { return value }
        switch value {
        case .object(let object):
            return .object(JSONObject(object.members.map { member in
                JSONObject.Member(key: member.key, value: redaction.redactsJSONField(member.key)
                    ? replacement : redacting(member.value, redaction, with: replacement))
            }))
        case .array(let items):
            return .array(items.map { redacting($0, redaction, with: replacement) })
        default:
            return value
        }
    }

    // MARK: Content types

    static func isJSON(_ contentType: String) -> Bool { contentType.contains("json") }

    static func isBinary(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let textual = ["text/", "json", "xml", "javascript", "x-www-form-urlencoded", "graphql", "yaml", "csv"]
        return !textual.contains { contentType.contains($0) }
    }

    private static func textExtension(_ contentType: String?) -> String {
        guard let contentType else { return "txt" }
        for (marker, ext) in [("html", "html"), ("xml", "xml"), ("javascript", "js"), ("css", "css"), ("csv", "csv")] where contentType.contains(marker) {
            return ext
        }
        return "txt"
    }

    private static func binaryExtension(_ contentType: String?) -> String {
        guard let contentType else { return "bin" }
        for (marker, ext) in [("png", "png"), ("jpeg", "jpg"), ("gif", "gif"), ("webp", "webp"), ("pdf", "pdf"), ("zip", "zip"),
                              ("svg", "svg"), ("protobuf", "pb")] where contentType.contains(marker) {
            return ext
        }
        return "bin"
    }

    // MARK: Names and ids

    /// `get-users-42`: the method and path, lowercased, with anything but letters and digits
    /// turned into single dashes (at most 60 characters).
    static func slug(for request: RecordedRequest) -> String {
        var slug = ""
        for character in "\(request.method.rawValue) \(request.path)".lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.count > 60 { slug = String(slug.prefix(60)) }
        return slug.isEmpty ? "root" : slug
    }
}

extension JSONValue {
    /// Whether the value is an object or an array.
    var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
