import Foundation
import UnderstudySupport
public import UnderstudyJSON

extension ResponseDefinition {
    private static let bodyKeys = ["body", "jsonBody", "base64Body", "bodyFileName"]
    private static let knownKeys = ["status", "statusMessage", "headers"] + bodyKeys + [
        "fixedDelayMilliseconds", "delayDistribution", "chunkedDribbleDelay", "fault", "transformers",
        "transformerParameters", "proxyBaseUrl", "proxyUrlPrefixToRemove", "additionalProxyRequestHeaders",
        "removeProxyRequestHeaders", "fromConfiguredStub", "eventStream", "chunks", "thenFault", "thenHoldOpenMilliseconds",
    ]

    /// The transformers a response may name.
    static let knownTransformers = [ResponseTemplater.transformerName]

    /// The response as WireMock JSON (the `response` object of a mapping).
    public var wireMockJSON: JSONValue {
        var object: JSONObject = ["status": .number(JSONNumber(status))]
        if let statusMessage { object["statusMessage"] = .string(statusMessage) }
        if !headers.isEmpty { object["headers"] = headers.wireMockJSON }
        switch body {
        case .none: break
        case .text(let text): object["body"] = .string(text)
        case .json(let json): object["jsonBody"] = json
        case .binary(let data): object["base64Body"] = .string(data.base64EncodedString())
        case .file(let name): object["bodyFileName"] = .string(name)
        }
        if let fixedDelayMilliseconds { object["fixedDelayMilliseconds"] = .number(JSONNumber(fixedDelayMilliseconds)) }
        if let delayDistribution { object["delayDistribution"] = delayDistribution.wireMockJSON }
        if let chunkedDribbleDelay {
            object["chunkedDribbleDelay"] = [
                "numberOfChunks": .number(JSONNumber(chunkedDribbleDelay.numberOfChunks)),
                "totalDuration": .number(JSONNumber(chunkedDribbleDelay.totalDurationMilliseconds)),
            ]
        }
        if let fault { object["fault"] = .string(fault.name) }
        if !transformers.isEmpty { object["transformers"] = .array(transformers.map(JSONValue.string)) }
        if let transformerParameters { object["transformerParameters"] = .object(transformerParameters) }
        if let proxyBaseUrl { object["proxyBaseUrl"] = .string(proxyBaseUrl) }
        if let proxyUrlPrefixToRemove { object["proxyUrlPrefixToRemove"] = .string(proxyUrlPrefixToRemove) }
        if let additionalProxyRequestHeaders { object["additionalProxyRequestHeaders"] = additionalProxyRequestHeaders.wireMockJSON }
        if let removeProxyRequestHeaders { object["removeProxyRequestHeaders"] = .array(removeProxyRequestHeaders.map(JSONValue.string)) }
        for member in stream?.wireMockMembers ?? [] { object[member.key] = member.value }
        for item in extensions { object[item.key] = item.value.wireMockJSON }
        return .object(object)
    }

    /// Decodes WireMock's `response` object.
    package init(wireMock reader: JSONReader) throws {
        let kinds = reader.source.extensions.answers
        try reader.rejectUnknownKeys(Self.knownKeys + kinds.keys.sorted(), in: "the response", hint: MappingExtensions.unknownKeyHint)
        self.init()
        if reader.member("fromConfiguredStub") != nil {
            reader.warn(at: "fromConfiguredStub", "fromConfiguredStub is ignored: WireMock sets it on the responses it makes itself (a stub's response is always configured); remove it")
        }
        status = try reader.optionalInt("status") ?? 200
        if !(100...999).contains(status) {
            throw reader.error(at: "status", "status \(status) is not an HTTP status code; use a number from 100 to 599")
        }
        statusMessage = try reader.optionalString("statusMessage")
        headers = try reader.optional("headers") { try HTTPHeaders(wireMock: $0) } ?? [:]
        let object = try reader.object()
        // WireMock's Body.fromOneOf takes body > jsonBody > base64Body, and
        // ResponseDefinition.specifiesBodyFile uses bodyFileName only without any of them; the
        // others are not read.
        let bodyKeys = Self.bodyKeys.filter { object[$0] != nil && object[$0] != .null }
        if let key = bodyKeys.first, let member = reader.member(key) {
            for ignored in bodyKeys.dropFirst() {
                reader.warn(at: ignored, "\"\(ignored)\" is ignored: a response has one body, and \"\(key)\" comes first in WireMock's order \(Self.bodyKeys.joined(separator: " > ")); keep one")
            }
            switch key {
            case "body": body = try Self.body(wireMock4: member)
            case "jsonBody": body = .json(member.value)
            case "base64Body":
                guard let data = Data(base64Encoded: try member.string(), options: .ignoreUnknownCharacters) else {
                    throw member.error("base64Body is not valid base64")
                }
                body = .binary(data)
            default: body = .file(try member.string())
            }
        }
        stream = try ResponseStream.decode(fromResponse: reader)
        if stream != nil {
            let streamKey = reader.member("eventStream") != nil ? "eventStream" : "chunks"
            if let other = ["eventStream", "chunks"].first(where: { $0 != streamKey && reader.member($0) != nil }) {
                throw reader.error(at: other, "a response streams one way: keep \"eventStream\" or \"chunks\", not both")
            }
            if let key = bodyKeys.first {
                throw reader.error(at: key, "\"\(streamKey)\" is the body of this response; remove \"\(key)\", or remove \"\(streamKey)\" to send \"\(key)\" at once")
            }
            for key in ["chunkedDribbleDelay", "fault", "proxyBaseUrl"] where reader.member(key) != nil {
                throw reader.error(at: key, "\"\(key)\" cannot go with \"\(streamKey)\"; a stream times its own parts and ends with \"thenFault\"")
            }
            reader.warn(at: streamKey, "\"\(streamKey)\" is an Understudy extension: WireMock 3.13 will not load this mapping")
        }
        fixedDelayMilliseconds = try reader.optionalInt("fixedDelayMilliseconds")
        delayDistribution = try reader.optional("delayDistribution") { try DelayDistribution(wireMock: $0) }
        chunkedDribbleDelay = try reader.optional("chunkedDribbleDelay") { reader in
            try reader.rejectUnknownKeys(["numberOfChunks", "totalDuration"], in: "chunkedDribbleDelay")
            let chunks = try reader.requiredInt("numberOfChunks")
            guard chunks > 0 else { throw reader.error(at: "numberOfChunks", "numberOfChunks must be at least 1") }
            return ChunkedDribbleDelay(numberOfChunks: chunks, totalDurationMilliseconds: try reader.requiredInt("totalDuration"))
        }
        fault = try reader.optional("fault") { try Fault(wireMock: $0) }
        transformers = try reader.optional("transformers") { reader in
            var names: [String] = []
            for element in try reader.elements() {
                let name = try element.string()
                guard Self.knownTransformers.contains(name) else {
                    throw element.error("unknown transformer \"\(name)\"\(LevenshteinDistance.suggestion(for: name, among: Self.knownTransformers)); Understudy has \(Self.knownTransformers.map { "\"\($0)\"" }.joined(separator: ", ")) (other WireMock transformers are Java extensions; remove it, or compute the response in a Swift dynamic stub)")
                }
                names.append(name)
            }
            return names
        } ?? []
        transformerParameters = try reader.optional("transformerParameters") { try $0.object() }
        proxyBaseUrl = try reader.optionalString("proxyBaseUrl")
        proxyUrlPrefixToRemove = try reader.optionalString("proxyUrlPrefixToRemove")
        additionalProxyRequestHeaders = try reader.optional("additionalProxyRequestHeaders") { try HTTPHeaders(wireMock: $0) }
        removeProxyRequestHeaders = try reader.optional("removeProxyRequestHeaders") { reader in
            var names: [String] = []
            for element in try reader.elements() { names.append(try element.string()) }
            return names
        }
        try decodeExtensions(kinds, from: reader)
    }

    /// Reads the members of the answer kinds from outside the core (``AnswerExtension``) the
    /// decoder was given, refusing what a kind cannot go with.
    private mutating func decodeExtensions(_ kinds: [String: any AnswerExtension.Type], from reader: JSONReader) throws {
        for (key, kind) in kinds.sorted(by: { $0.key < $1.key }) {
            guard let member = reader.member(key), member.value != .null else { continue }
            guard let value = try kind.decoding(member) else { continue }
            for excluded in kind.excludedKeys where reader.member(excluded) != nil {
                throw reader.error(at: excluded, kind.conflict(with: excluded))
            }
            insert(AnyAnswerExtension(value))
            if kind.isUnderstudyExtension {
                reader.warn(at: key, "\"\(key)\" is an Understudy extension: WireMock 3.13 will not load this mapping")
            }
        }
    }
}

extension ResponseDefinition {
    /// A response `body`: a string, or WireMock 4's body entity (`common/entity/EntityDefinitionDeserializer.java`
    /// on master): `{"data": "text" | {...JSON...}}`, `{"base64Data": "..."}` or
    /// `{"filePath": "..."}` (under `__files`), with `format` (alias `encoding`: `text`, `json`,
    /// `binary`), `charset` (the bytes of `data`) and `compression` (`none` only). It is written
    /// back as WireMock 3's `body`, `jsonBody`, `base64Body` or `bodyFileName`, which WireMock 4
    /// reads too.
    static func body(wireMock4 reader: JSONReader) throws -> ResponseBody {
        guard case .object = reader.value else { return .text(try reader.string()) }
        reader.warn("a body object is WireMock 4's form: WireMock 3.13 will not load this mapping (jsonBody, base64Body and bodyFileName load in both)")
        try reader.rejectUnknownKeys(["data", "base64Data", "filePath", "format", "encoding", "charset", "compression", "dataStore", "dataRef"],
                                     in: "a body entity")
        guard let entity = try MessageBody(wireMock: reader) else { return .none }
        let charset = try reader.optionalString("charset")
        switch entity {
        case .text(let text):
            guard let charset, !["utf-8", "utf8"].contains(charset.lowercased()) else { return .text(text) }
            guard let encoding = Self.encoding(charset: charset), let bytes = text.data(using: encoding) else {
                throw reader.error(at: "charset", "charset \"\(charset)\" is not one Understudy encodes; use utf-8, utf-16, iso-8859-1, us-ascii or windows-1252, or give the bytes as base64Data")
            }
            return .binary(bytes)
        case .json(let json): return .json(json)
        case .binary(let data): return .binary(data)
        case .file(let path, _): return .file(path)
        }
    }

    /// The encodings a body entity's `charset` may name besides UTF-8.
    private static func encoding(charset: String) -> String.Encoding? {
        switch charset.lowercased() {
        case "utf-16": .utf16
        case "utf-16be": .utf16BigEndian
        case "utf-16le": .utf16LittleEndian
        case "iso-8859-1", "latin1", "iso_8859_1": .isoLatin1
        case "us-ascii", "ascii": .ascii
        case "windows-1252", "cp1252": .windowsCP1252
        default: nil
        }
    }
}

extension HTTPHeaders {
    /// `{"Content-Type": "a", "Set-Cookie": ["b", "c"]}`: one value as a string, several as an array.
    var wireMockJSON: JSONValue {
        .object(JSONObject(names.map { name in
            let values = self.values(for: name)
            return JSONObject.Member(key: name, value: values.count == 1 ? .string(values[0]) : .array(values.map(JSONValue.string)))
        }))
    }

    package init(wireMock reader: JSONReader) throws {
        self.init()
        for (name, member) in try reader.members() {
            switch member.value {
            case .string(let value): add(name: name, value: value)
            case .array:
                for element in try member.elements() { add(name: name, value: try element.string()) }
            case .number(let number): add(name: name, value: number.text)
            case .bool(let bool): add(name: name, value: String(bool))
            default: throw member.typeError("a string or an array of strings")
            }
        }
    }
}

extension DelayDistribution {
    /// `{"type": "uniform", "lower": 10, "upper": 50}` and the other kinds.
    var wireMockJSON: JSONValue {
        switch kind {
        case let .uniform(lower, upper):
            return ["type": "uniform", "lower": .number(JSONNumber(lower)), "upper": .number(JSONNumber(upper))]
        case let .lognormal(median, sigma, maxValue):
            var object: JSONObject = ["type": "lognormal", "median": .number(JSONNumber(median)), "sigma": .number(JSONNumber(sigma))]
            if let maxValue { object["maxValue"] = .number(JSONNumber(maxValue)) }
            return .object(object)
        case let .fixed(milliseconds):
            return ["type": "fixed", "milliseconds": .number(JSONNumber(milliseconds))]
        }
    }

    package init(wireMock reader: JSONReader) throws {
        let type = try reader.requiredString("type")
        switch type {
        case "uniform":
            try reader.rejectUnknownKeys(["type", "lower", "upper"], in: "a uniform delay")
            let lower = try reader.requiredInt("lower")
            let upper = try reader.requiredInt("upper")
            guard lower >= 0, upper >= lower else {
                throw reader.error("a uniform delay needs 0 <= lower <= upper, got lower \(lower) and upper \(upper)")
            }
            self = .uniform(lower: lower, upper: upper)
        case "lognormal":
            try reader.rejectUnknownKeys(["type", "median", "sigma", "maxValue"], in: "a lognormal delay")
            let median = try reader.required("median") { try $0.double() }
            let sigma = try reader.required("sigma") { try $0.double() }
            guard median >= 0, sigma >= 0 else { throw reader.error("a lognormal delay needs median and sigma of 0 or more") }
            self = .lognormal(median: median, sigma: sigma, maxValue: try reader.optionalDouble("maxValue"))
        case "fixed":
            try reader.rejectUnknownKeys(["type", "milliseconds"], in: "a fixed delay")
            self = .fixed(milliseconds: try reader.requiredInt("milliseconds"))
        default:
            throw reader.error(at: "type", "unknown delay distribution \"\(type)\"; use \"uniform\", \"lognormal\" or \"fixed\"")
        }
    }
}
