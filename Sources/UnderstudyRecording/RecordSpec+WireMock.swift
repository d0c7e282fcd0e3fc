public import Understudy
import Foundation
import UnderstudySupport
public import UnderstudyJSON

extension RecordSpec {
    private static let knownKeys = [
        "targetBaseUrl", "filters", "captureHeaders", "requestBodyPattern", "extractBodyCriteria", "persist",
        "repeatsAsScenarios", "outputFormat", "transformers", "transformerParameters", "redact", "streamTimeScale",
    ]

    /// Decodes a record spec; unknown fields and bad values fail with the field and a fix.
    public init(wireMock json: JSONValue) throws(MappingDecodingError) {
        self = try JSONReader(json).decoding { try RecordSpec(wireMock: $0) }
    }

    private init(wireMock reader: JSONReader) throws {
        try reader.rejectUnknownKeys(Self.knownKeys, in: "the record spec")
        self.init()
        targetBaseURL = try reader.optionalString("targetBaseUrl")
        if let filters = reader.member("filters"), filters.value != .null {
            self.filters = try Filters(wireMock: filters)
        }
        if let headers = reader.member("captureHeaders"), headers.value != .null {
            captureHeaders = try headers.members().map { name, options in
                try options.rejectUnknownKeys(["caseInsensitive"], in: "a captured header")
                return CapturedHeader(name, caseInsensitive: try options.optionalBool("caseInsensitive") ?? false)
            }
        }
        if let body = reader.member("requestBodyPattern"), body.value != .null {
            requestBodyPattern = try BodyPatternChoice(wireMock: body)
        }
        if let extract = reader.member("extractBodyCriteria") {
            if extract.value == .null {
                extractBodyCriteria = nil
            } else {
                try extract.rejectUnknownKeys(["textSizeThreshold", "binarySizeThreshold"], in: "extractBodyCriteria")
                let defaults = ExtractBodyCriteria()
                extractBodyCriteria = ExtractBodyCriteria(
                    textSizeThreshold: try extract.optional("textSizeThreshold", Self.size) ?? defaults.textSizeThreshold,
                    binarySizeThreshold: try extract.optional("binarySizeThreshold", Self.size) ?? defaults.binarySizeThreshold)
            }
        }
        persist = try reader.optionalBool("persist") ?? true
        repeatsAsScenarios = try reader.optionalBool("repeatsAsScenarios") ?? true
        if let format = reader.member("outputFormat"), format.value != .null {
            let text = try format.string()
            guard let parsed = OutputFormat(rawValue: text.uppercased()) else {
                throw format.error("outputFormat must be \"FULL\" or \"IDS\", found \"\(text)\"")
            }
            outputFormat = parsed
        }
        transformers = try reader.optional("transformers") { try $0.elements().map { try $0.string() } } ?? []
        transformerParameters = try reader.optional("transformerParameters") { try $0.object() }
        if let redact = reader.member("redact"), redact.value != .null {
            try redact.rejectUnknownKeys(["headers", "queryParameters", "jsonFields"], in: "redact")
            func names(_ key: String) throws -> [String] {
                try redact.optional(key) { try $0.elements().map { try $0.string() } } ?? []
            }
            redaction = Redaction(headers: try names("headers"), queryParameters: try names("queryParameters"),
                                  jsonFields: try names("jsonFields"))
        }
        if let scale = reader.member("streamTimeScale"), scale.value != .null {
            let value = try scale.double()
            guard value >= 0, value <= Self.maximumStreamTimeScale else {
                throw scale.error("streamTimeScale multiplies the pauses recorded in a stream: 1 as observed, 0.5 twice as fast, 0 no pauses; use a number from 0 to \(Int(Self.maximumStreamTimeScale))")
            }
            streamTimeScale = value
        }
    }

    /// `1024`, `"2 kb"`, `"1 Mb"`, `"512 b"`: a size in bytes (1 kb = 1024 bytes, as WireMock).
    private static func size(_ reader: JSONReader) throws -> Int {
        if case .number = reader.value { return try reader.int() }
        let text = try reader.string().trimmingCharacters(in: .whitespaces).lowercased()
        let digits = text.prefix { $0.isNumber || $0 == "." }
        let unit = text.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        let factors: [String: Double] = ["": 1, "b": 1, "kb": 1024, "k": 1024, "mb": 1024 * 1024, "m": 1024 * 1024, "gb": 1024 * 1024 * 1024]
        guard let number = Double(digits), let factor = factors[unit] else {
            throw reader.error("\"\(text)\" is not a size; write a number of bytes or a size such as \"10 kb\" or \"1 mb\"")
        }
        return Int(number * factor)
    }

    /// The spec as JSON, with every field written out.
    public var wireMockJSON: JSONValue {
        var object: JSONObject = [:]
        if let targetBaseURL { object["targetBaseUrl"] = .string(targetBaseURL) }
        let filtersJSON = filters.wireMockJSON
        if filtersJSON != [:] { object["filters"] = filtersJSON }
        if !captureHeaders.isEmpty {
            object["captureHeaders"] = .object(JSONObject(captureHeaders.map { header in
                JSONObject.Member(key: header.name, value: header.caseInsensitive ? ["caseInsensitive": true] : [:])
            }))
        }
        object["requestBodyPattern"] = requestBodyPattern.wireMockJSON
        if let extractBodyCriteria {
            object["extractBodyCriteria"] = [
                "textSizeThreshold": .number(JSONNumber(extractBodyCriteria.textSizeThreshold)),
                "binarySizeThreshold": .number(JSONNumber(extractBodyCriteria.binarySizeThreshold)),
            ]
        } else {
            object["extractBodyCriteria"] = .null
        }
        object["persist"] = .bool(persist)
        object["repeatsAsScenarios"] = .bool(repeatsAsScenarios)
        object["outputFormat"] = .string(outputFormat.rawValue)
        if !transformers.isEmpty { object["transformers"] = .array(transformers.map(JSONValue.string)) }
        if let transformerParameters { object["transformerParameters"] = .object(transformerParameters) }
        object["redact"] = [
            "headers": .array(redaction.headers.map(JSONValue.string)),
            "queryParameters": .array(redaction.queryParameters.map(JSONValue.string)),
            "jsonFields": .array(redaction.jsonFields.map(JSONValue.string)),
        ]
        object["streamTimeScale"] = .number(JSONNumber(effectiveStreamTimeScale))
        return .object(object)
    }
}

extension RecordSpec.Filters {
    init(wireMock reader: JSONReader) throws {
        var object = try reader.object()
        self.init()
        if let ids = reader.member("ids"), ids.value != .null {
            self.ids = try ids.elements().map { element in
                let text = try element.string()
                guard let id = UUID(uuidString: text) else { throw element.error("\"\(text)\" is not a UUID") }
                return id
            }
        }
        allowNonProxied = try reader.optionalBool("allowNonProxied") ?? false
        object["ids"] = nil
        object["allowNonProxied"] = nil
        if !object.isEmpty {
            request = try RequestPattern(wireMock: JSONReader(.object(object), path: reader.path, source: reader.source))
        }
    }

    var wireMockJSON: JSONValue {
        var object: JSONObject = [:]
        if let request, case .object(let pattern) = request.wireMockJSON {
            for member in pattern.members where !(member.key == "method" && member.value == "ANY") { object[member.key] = member.value }
        }
        if let ids { object["ids"] = .array(ids.map { .string($0.uuidString.lowercased()) }) }
        if allowNonProxied { object["allowNonProxied"] = true }
        return .object(object)
    }
}

extension RecordSpec.BodyPatternChoice {
    init(wireMock reader: JSONReader) throws {
        try reader.rejectUnknownKeys(["matcher", "ignoreArrayOrder", "ignoreExtraElements", "caseInsensitive"], in: "requestBodyPattern")
        let matcher = try reader.optionalString("matcher") ?? "auto"
        let ignoreArrayOrder = try reader.optionalBool("ignoreArrayOrder") ?? true
        let ignoreExtraElements = try reader.optionalBool("ignoreExtraElements") ?? true
        let caseInsensitive = try reader.optionalBool("caseInsensitive") ?? false
        switch matcher {
        case "auto": self = .auto(ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements, caseInsensitive: caseInsensitive)
        case "equalToJson": self = .equalToJson(ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)
        case "equalTo": self = .equalTo(caseInsensitive: caseInsensitive)
        case "equalToXml": self = .equalToXml
        default:
            throw reader.member("matcher")!.error("unknown body matcher \"\(matcher)\"\(LevenshteinDistance.suggestion(for: matcher, among: ["auto", "equalToJson", "equalTo", "equalToXml"])); use \"auto\", \"equalToJson\", \"equalToXml\" or \"equalTo\"")
        }
    }

    var wireMockJSON: JSONValue {
        switch self {
        case let .auto(ignoreArrayOrder, ignoreExtraElements, caseInsensitive):
            ["matcher": "auto", "ignoreArrayOrder": .bool(ignoreArrayOrder), "ignoreExtraElements": .bool(ignoreExtraElements),
             "caseInsensitive": .bool(caseInsensitive)]
        case let .equalToJson(ignoreArrayOrder, ignoreExtraElements):
            ["matcher": "equalToJson", "ignoreArrayOrder": .bool(ignoreArrayOrder), "ignoreExtraElements": .bool(ignoreExtraElements)]
        case .equalTo(let caseInsensitive):
            ["matcher": "equalTo", "caseInsensitive": .bool(caseInsensitive)]
        case .equalToXml:
            ["matcher": "equalToXml"]
        }
    }
}
