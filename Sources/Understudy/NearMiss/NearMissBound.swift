import UnderstudySupport
import UnderstudyClient

/// What near-miss ranking can tell about a stub without grading it: its method, the weight its
/// distance is divided by, and the text its URL field is graded against, worked out once per
/// stub. ``NearMissIndex`` files the stub by it.
///
/// A bound counts the method and URL fields, which weigh most, and takes every other field as
/// matching. It adds the parts up in the same order as ``RequestPattern/match(_:)`` with values
/// no larger, and rounding is monotonic, so a bound is never above the graded distance, to the
/// last bit: ranking with bounds gives exactly the ranking of grading every stub.
///
/// A class, so that reading it from a stub's entry copies nothing.
final class NearMissBound: Sendable {
    /// How the URL field is bounded.
    enum URLText: Sendable {
        /// No URL field, or one the bound takes as matching (a regex with no literal start, a
        /// text that is not ASCII or is too long, an invalid template).
        case unbounded
        /// An exact `url` (`includesQuery`) or `urlPath`, graded by its edit distance.
        case text([UInt8], includesQuery: Bool)
        /// A template: 0 away when it matches the path, else graded by its text's edit distance.
        case template([UInt8], PathTemplate)
        /// A regex: 0 or 1 away, and certainly 1 when the request lacks its literal start.
        case regexPrefix([UInt8], includesQuery: Bool)
    }

    let method: HTTPMethod
    let url: URLText
    let totalWeight: Double

    init(_ pattern: RequestPattern) {
        method = pattern.method
        totalWeight = pattern.totalFieldWeight
        func text(_ text: String) -> [UInt8]? {
            let bytes = Array(text.utf8)
            return bytes.count <= Self.lengthLimit && bytes.isASCII ? bytes : nil
        }
        url = switch pattern.url.kind {
        case .any, .invalidTemplate: .unbounded
        case .url(let value): text(value).map { .text($0, includesQuery: true) } ?? .unbounded
        case .urlPath(let value): text(value).map { .text($0, includesQuery: false) } ?? .unbounded
        case .urlPathTemplate(let template): text(template.template).map { .template($0, template) } ?? .unbounded
        case .urlPattern(let regex), .urlPathPattern(let regex):
            regex.literalPrefix.isEmpty ? .unbounded : .regexPrefix(Array(regex.literalPrefix.utf8), includesQuery: pattern.url.includesQuery)
        }
    }

    /// Longer texts are left unbounded: the edit distance is only estimated past 10 000
    /// characters a side (``LevenshteinDistance``), and a bound must hold for the estimate.
    static let lengthLimit = 10_000

    /// The method field's distance, as `RequestPattern.match` grades it.
    static func methodDistance(_ method: HTTPMethod, _ requestMethod: HTTPMethod) -> Double {
        method == .any || method == requestMethod ? 0 : 1
    }

    func methodDistance(_ requestMethod: HTTPMethod) -> Double { Self.methodDistance(method, requestMethod) }

    /// The weighted distance with only the method and URL counted, added up as
    /// `MatchResult.aggregate` adds the parts (every other part taken as 0, which adds nothing).
    static func bound(methodDistance: Double, url urlDistance: Double, totalWeight: Double) -> Double {
        (methodDistance * RequestPattern.FieldWeight.method + urlDistance * RequestPattern.FieldWeight.url) / totalWeight
    }

    func bound(methodDistance: Double, url urlDistance: Double) -> Double {
        Self.bound(methodDistance: methodDistance, url: urlDistance, totalWeight: totalWeight)
    }

    /// The bound with the URL taken as matching: what the stub's distance is at least, whatever its URL.
    func boundWithMatchingURL(_ subject: Subject) -> Double {
        bound(methodDistance: methodDistance(subject.method), url: 0)
    }

    /// The request as the bounds read it, prepared once per ranking.
    struct Subject {
        let method: HTTPMethod
        let pathText: String
        let urlText: String
        let path: [UInt8]
        let url: [UInt8]
        /// Whether the path is ASCII and short enough for byte-wise edit distances.
        let pathIsASCII: Bool
        let urlIsASCII: Bool

        init(_ request: RecordedRequest) {
            method = request.method
            pathText = request.path
            urlText = request.url
            path = Array(pathText.utf8)
            url = Array(urlText.utf8)
            pathIsASCII = path.count <= NearMissBound.lengthLimit && path.isASCII
            urlIsASCII = url.count <= NearMissBound.lengthLimit && url.isASCII
        }

        /// The path or the whole URL, with whether it is ASCII.
        func text(includesQuery: Bool) -> (bytes: [UInt8], isASCII: Bool) {
            includesQuery ? (url, urlIsASCII) : (path, pathIsASCII)
        }
    }
}
