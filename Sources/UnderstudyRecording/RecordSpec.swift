public import Understudy
public import Foundation
public import UnderstudyJSON
import UnderstudySupport

/// How traffic becomes stubs: WireMock's record and snapshot spec, plus redaction.
///
/// As JSON (the body of `POST /__admin/recordings/start` or `/snapshot`):
/// ```json
/// {"targetBaseUrl": "https://api.example.com",
///  "filters": {"urlPathPattern": "/api/.*", "method": "GET"},
///  "captureHeaders": {"Accept": {}, "X-Tenant": {"caseInsensitive": true}},
///  "requestBodyPattern": {"matcher": "equalToJson", "ignoreArrayOrder": false},
///  "extractBodyCriteria": {"textSizeThreshold": "10 kb", "binarySizeThreshold": "1 kb"},
///  "persist": true, "repeatsAsScenarios": true, "outputFormat": "FULL",
///  "redact": {"headers": ["X-Session"], "queryParameters": ["sig"], "jsonFields": ["ssn"]},
///  "streamTimeScale": 0.5}
/// ```
public struct RecordSpec: Sendable, Hashable {
    /// The backend ``Recorder/start(_:)`` proxies to (`targetBaseUrl`).
    public var targetBaseURL: String?
    /// Which exchanges become stubs.
    public var filters: Filters
    /// Request headers the stubs match on (none by default, as in WireMock).
    public var captureHeaders: [CapturedHeader]
    /// How request bodies are matched.
    public var requestBodyPattern: BodyPatternChoice
    /// Bodies larger than these go to `__files`; `nil` keeps every body inline.
    public var extractBodyCriteria: ExtractBodyCriteria?
    /// Whether the stubs are marked `persistent` and written to the mock's root.
    public var persist: Bool
    /// Whether a request made several times becomes a scenario that answers in order
    /// (otherwise only its first answer is kept).
    public var repeatsAsScenarios: Bool
    /// What the admin API returns: the stubs or their ids.
    public var outputFormat: OutputFormat
    /// Response transformers set on every recorded response.
    public var transformers: [String]
    /// Their parameters.
    public var transformerParameters: JSONObject?
    /// Secrets kept out of the stubs and files (`redact`, our addition to WireMock's spec).
    public var redaction: Redaction
    /// How the pauses observed in a streamed answer are written (`streamTimeScale`, our
    /// addition): 1 as they were observed, 0.5 twice as fast, 0 with no pauses; values from 0
    /// to 1000 (others are taken as the nearest of those).
    ///
    /// An answer the loopback server's proxy relayed keeps when each piece of its body arrived
    /// (`ServeEvent.upstreamBodyTimeline`). From that:
    /// - a `text/event-stream` answer becomes an `eventStream` stub: its events (id, event,
    ///   data, retry and comments), each after the pause observed before the read that
    ///   completed it. A body that is not UTF-8, is encoded
    ///   (`Content-Encoding`) or ends inside an event is treated as any other body below;
    /// - an answer sent without a `Content-Length` (chunked) whose pieces arrived spread over
    ///   more than ``streamSpreadThreshold`` becomes a `chunks` stub, one chunk per read from
    ///   upstream (reads less than a millisecond apart are joined);
    /// - anything else keeps a plain body, as do answers recorded in process or imported
    ///   from HAR, where no timeline exists.
    ///
    /// The first part's pause counts from when the request was forwarded, so it includes the
    /// time upstream took to answer: played back, each part reaches the client as long after
    /// its request as it did when recorded (scaled), and the pauses up to any part add up to
    /// at least upstream's own. Pauses are whole milliseconds.
    ///
    /// Streams stay inline in the mapping whatever ``extractBodyCriteria`` says. A chunked JSON
    /// document holding a redacted field is recorded as a plain (redacted) body instead; the
    /// JSON `data` of an event is redacted as a JSON body is.
    public var streamTimeScale: Double

    /// Creates a spec; the defaults are WireMock's, plus ``Redaction/defaults``.
    public init(
        targetBaseURL: String? = nil,
        filters: Filters = Filters(),
        captureHeaders: [CapturedHeader] = [],
        requestBodyPattern: BodyPatternChoice = .auto(),
        extractBodyCriteria: ExtractBodyCriteria? = ExtractBodyCriteria(),
        persist: Bool = true,
        repeatsAsScenarios: Bool = true,
        outputFormat: OutputFormat = .full,
        transformers: [String] = [],
        transformerParameters: JSONObject? = nil,
        redaction: Redaction = .defaults,
        streamTimeScale: Double = 1
    ) {
        self.targetBaseURL = targetBaseURL
        self.filters = filters
        self.captureHeaders = captureHeaders
        self.requestBodyPattern = requestBodyPattern
        self.extractBodyCriteria = extractBodyCriteria
        self.persist = persist
        self.repeatsAsScenarios = repeatsAsScenarios
        self.outputFormat = outputFormat
        self.transformers = transformers
        self.transformerParameters = transformerParameters
        self.redaction = redaction
        self.streamTimeScale = streamTimeScale
    }

    /// How far apart the first and last pieces of a chunked answer must have arrived for it to
    /// be recorded as `chunks` rather than a plain body: 50 ms.
    public static let streamSpreadThreshold: Duration = .milliseconds(50)

    /// The largest ``streamTimeScale``.
    public static let maximumStreamTimeScale: Double = 1000

    /// ``streamTimeScale`` as used: within 0...1000, and 1 when it is not a number.
    var effectiveStreamTimeScale: Double {
        guard !streamTimeScale.isNaN else { return 1 }
        return min(max(streamTimeScale, 0), Self.maximumStreamTimeScale)
    }

    /// Which exchanges are recorded.
    public struct Filters: Sendable, Hashable {
        /// Only requests this pattern matches (`urlPattern`, `method`, headers... as in a stub's `request`).
        public var request: RequestPattern?
        /// Only the journal entries with these request ids.
        public var ids: [UUID]?
        /// Snapshots also take requests a stub answered without proxying.
        public var allowNonProxied: Bool

        /// Creates filters; the defaults record everything proxied.
        public init(request: RequestPattern? = nil, ids: [UUID]? = nil, allowNonProxied: Bool = false) {
            self.request = request
            self.ids = ids
            self.allowNonProxied = allowNonProxied
        }

        /// Whether an exchange passes.
        public func admits(_ request: RecordedRequest) -> Bool {
            if let ids, !ids.contains(request.id) { return false }
            return self.request?.matches(request) ?? true
        }
    }

    /// A request header the stubs match on.
    public struct CapturedHeader: Sendable, Hashable {
        /// The header name.
        public var name: String
        /// Whether its value is compared ignoring case.
        public var caseInsensitive: Bool

        /// Captures `name`.
        public init(_ name: String, caseInsensitive: Bool = false) {
            self.name = name
            self.caseInsensitive = caseInsensitive
        }
    }

    /// How a recorded request body is matched.
    public enum BodyPatternChoice: Sendable, Hashable {
        /// `equalToJson` for JSON, `equalToXml` for XML media types, `binaryEqualTo` for binary,
        /// `equalTo` for other text (WireMock's `auto`).
        case auto(ignoreArrayOrder: Bool = true, ignoreExtraElements: Bool = true, caseInsensitive: Bool = false)
        /// Always `equalToJson` (bodies that are not JSON fall back to `equalTo`).
        case equalToJson(ignoreArrayOrder: Bool = true, ignoreExtraElements: Bool = true)
        /// Always `equalTo`.
        case equalTo(caseInsensitive: Bool = false)
        /// Always `equalToXml` (bodies that are not XML fall back to `equalTo`).
        case equalToXml
    }

    /// Size limits above which bodies go to `__files`.
    public struct ExtractBodyCriteria: Sendable, Hashable {
        /// The largest text body kept inline, in bytes.
        public var textSizeThreshold: Int
        /// The largest binary body kept inline, in bytes.
        public var binarySizeThreshold: Int

        /// Creates limits; by default text over 10 KiB and binary over 1 KiB go to files.
        public init(textSizeThreshold: Int = 10 * 1024, binarySizeThreshold: Int = 1024) {
            self.textSizeThreshold = textSizeThreshold
            self.binarySizeThreshold = binarySizeThreshold
        }
    }

    /// What recording endpoints return.
    public enum OutputFormat: String, Sendable, Hashable {
        /// The stubs (`{"mappings": [...]}`).
        case full = "FULL"
        /// Their ids (`{"ids": [...]}`).
        case ids = "IDS"
    }

    /// Secrets kept out of recordings. A redacted request header or query parameter is matched
    /// by presence only (`matches: ".+"`), a redacted response header and JSON field are
    /// written as `REDACTED`, and a redacted JSON field of a request body matches any value.
    public struct Redaction: Sendable, Hashable {
        /// Header names, compared ignoring case.
        public var headers: [String]
        /// Query parameter names, compared ignoring case.
        public var queryParameters: [String]
        /// JSON object keys at any depth, and XML element and attribute local names, compared ignoring case.
        public var jsonFields: [String]

        /// Creates a redaction list.
        public init(headers: [String] = [], queryParameters: [String] = [], jsonFields: [String] = []) {
            self.headers = headers
            self.queryParameters = queryParameters
            self.jsonFields = jsonFields
        }

        /// Credentials that commonly travel in HTTP traffic.
        public static let defaults = Redaction(
            headers: ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Auth-Token", "X-Amz-Security-Token"],
            queryParameters: ["access_token", "api_key", "apikey", "key", "token", "signature", "sig", "X-Amz-Signature", "X-Amz-Credential"],
            jsonFields: ["access_token", "refresh_token", "id_token", "password", "client_secret", "secret", "api_key"])

        /// Nothing redacted.
        public static let none = Redaction()

        /// The value written in place of a redacted one.
        public static let placeholder = "REDACTED"

        func redactsHeader(_ name: String) -> Bool { headers.contains { $0.caseInsensitiveEquals(name) } }
        func redactsQueryParameter(_ name: String) -> Bool { queryParameters.contains { $0.caseInsensitiveEquals(name) } }
        func redactsJSONField(_ name: String) -> Bool { jsonFields.contains { $0.caseInsensitiveEquals(name) } }
    }
}
