import UnderstudySupport

/// A cheap lower bound on a request's distance from a stub, worked out once per stub, so that
/// ranking near misses among thousands of stubs grades only the few that could rank.
///
/// It counts the method and URL fields, which weigh most, and takes every other field as
/// matching. For an exact URL, the edit distance is first bounded by the two texts' character
/// counts (the bag distance, on ASCII text), then, when that is not enough, computed on the
/// bytes; a regex whose literal start the request lacks cannot match; a template that cannot fit
/// the path is bounded by its text's bag distance. It adds the parts up in the same order as
/// ``RequestPattern/match(_:)`` with values no larger, and rounding is monotonic, so the bound
/// is never above the graded distance, to the last bit: ranking with it gives exactly the
/// ranking of grading every stub.
///
/// A class, so that reading it from a stub's entry copies nothing.
final class NearMissBound: Sendable {
    /// Character counts of an ASCII text: each distinct byte with how often it occurs.
    private struct CharacterCounts: Sendable {
        let bytes: [UInt8]
        private let counts: [(byte: UInt8, count: Int)]
        var length: Int { bytes.count }

        init?(_ text: String) {
            bytes = Array(text.utf8)
            guard bytes.count <= Self.lengthLimit, bytes.isASCII else { return nil }
            var histogram = [Int](repeating: 0, count: 128)
            for byte in bytes { histogram[Int(byte)] += 1 }
            counts = histogram.indices.filter { histogram[$0] > 0 }.map { (UInt8($0), histogram[$0]) }
        }

        /// The normalised bag distance to a request's text: no more than
        /// `LevenshteinDistance.normalized`, which counts unicode scalars (bytes, on ASCII).
        func distance(to other: RequestText) -> Double {
            let longest = max(length, other.length)
            guard longest > 0 else { return 0 }
            var common = 0
            for (byte, count) in counts { common += min(count, other.histogram[Int(byte)]) }
            return Double(longest - common) / Double(longest)
        }

        /// Longer texts are left unbounded: the edit distance is only estimated past 10 000
        /// characters a side (``LevenshteinDistance``), and a bound must hold for the estimate.
        static let lengthLimit = 10_000
    }

    /// What a request's path or URL offers the bound: its bytes and, when ASCII, their counts.
    struct RequestText {
        let bytes: [UInt8]
        let isASCII: Bool
        let histogram: [Int]
        var length: Int { bytes.count }

        init(_ text: String) {
            bytes = Array(text.utf8)
            isASCII = bytes.count <= CharacterCounts.lengthLimit && bytes.isASCII
            var histogram = [Int](repeating: 0, count: 128)
            if isASCII { for byte in bytes { histogram[Int(byte)] += 1 } }
            self.histogram = histogram
        }
    }

    /// The request as the bounds read it, prepared once per ranking.
    struct Subject {
        let method: HTTPMethod
        let pathText: String
        let path: RequestText
        let url: RequestText
        /// Where each segment of the path is in its bytes (after each `/`), or `nil` when no
        /// template can fit the path (not ASCII, or not starting with `/`).
        let segments: [Range<Int>]?

        init(_ request: RecordedRequest) {
            method = request.method
            pathText = request.path
            path = RequestText(request.path)
            url = RequestText(request.url)
            let bytes = path.bytes
            if path.isASCII, bytes.first == UInt8(ascii: "/") {
                let slashes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "/") }
                segments = slashes.indices.map { slashes[$0] + 1..<(slashes.indices.contains($0 + 1) ? slashes[$0 + 1] : bytes.count) }
            } else {
                segments = nil
            }
        }
    }

    /// What a path must have for a template to fit it: as many segments, and its literal
    /// segments (``PathTemplate/segmentLiterals``; the others are not compared).
    private struct TemplateShape: Sendable {
        let segmentCount: Int
        let literals: [(index: Int, bytes: [UInt8])]

        init(_ template: PathTemplate) {
            let segments = template.segmentLiterals
            segmentCount = segments.count
            literals = segments.enumerated().compactMap { index, literal in literal.map { (index, Array($0.utf8)) } }
        }

        /// Whether the template may fit an ASCII path with these segments.
        func mayFit(_ subject: Subject) -> Bool {
            guard let segments = subject.segments, segments.count == segmentCount else { return false }
            return literals.allSatisfy { subject.path.bytes[segments[$0.index]].elementsEqual($0.bytes) }
        }
    }

    private enum URLBound: Sendable {
        /// The stub has no URL field.
        case absent
        /// A field the bound takes as matching.
        case unbounded
        case text(CharacterCounts, includesQuery: Bool)
        case template(PathTemplate, CharacterCounts?, TemplateShape)
        case regexPrefix([UInt8], includesQuery: Bool)
    }

    private let method: HTTPMethod
    private let url: URLBound
    private let totalWeight: Double

    init(_ pattern: RequestPattern) {
        method = pattern.method
        totalWeight = pattern.totalFieldWeight
        url = switch pattern.url.kind {
        case .any: .absent
        case .url(let text): CharacterCounts(text).map { .text($0, includesQuery: true) } ?? .unbounded
        case .urlPath(let text): CharacterCounts(text).map { .text($0, includesQuery: false) } ?? .unbounded
        case .urlPathTemplate(let template):
            .template(template, CharacterCounts(template.template), TemplateShape(template))
        case .urlPattern(let regex), .urlPathPattern(let regex):
            Self.regexBound(prefix: regex.literalPrefix, includesQuery: pattern.url.includesQuery)
        case .invalidTemplate: .unbounded
        }
    }

    /// A regex is bounded by its literal start, when it has one.
    private static func regexBound(prefix: String, includesQuery: Bool) -> URLBound {
        prefix.isEmpty ? .unbounded : .regexPrefix(Array(prefix.utf8), includesQuery: includesQuery)
    }

    /// A lower bound of the request's graded distance from the stub, from counts alone.
    func lowerBound(_ subject: Subject) -> Double {
        let methodDistance = methodDistance(subject)
        switch url {
        case .absent, .unbounded:
            // With no URL field there is no URL part; a 0 part adds nothing either.
            return bound(methodDistance, url: 0)
        case let .text(counts, includesQuery):
            let text = includesQuery ? subject.url : subject.path
            return bound(methodDistance, url: text.isASCII ? counts.distance(to: text) : 0)
        case let .regexPrefix(prefix, includesQuery):
            let text = includesQuery ? subject.url : subject.path
            // `.of(matches)`: a regex that cannot match is exactly 1 away.
            return bound(methodDistance, url: text.bytes.starts(with: prefix) ? 0 : 1)
        case let .template(_, counts, shape):
            // A template that fits the path is 0 away; one that cannot, at least its text's bag distance.
            guard let counts, subject.path.isASCII, !shape.mayFit(subject) else { return bound(methodDistance, url: 0) }
            return bound(methodDistance, url: counts.distance(to: subject.path))
        }
    }

    /// Whether the request's graded distance from the stub is certainly beyond `threshold`
    /// (at it or beyond, when `tieLoses`), looking closer than ``lowerBound(_:)``: the edit
    /// distance of an exact URL, or whether a template fits the path.
    func excludes(_ subject: Subject, beyond threshold: Double, tieLoses: Bool) -> Bool {
        func beyond(_ bound: Double) -> Bool { tieLoses ? bound >= threshold : bound > threshold }
        let methodDistance = methodDistance(subject)
        switch url {
        case let .text(counts, includesQuery):
            let text = includesQuery ? subject.url : subject.path
            guard text.isASCII else { return false }
            // The very distance the URL field grades: exact, and cheap once the common ends are off.
            return beyond(bound(methodDistance, url: LevenshteinDistance.normalized(ascii: counts.bytes, text.bytes)))
        case let .template(template, counts?, shape):
            // A template that cannot fit the path is graded by the edit distance of its text.
            guard subject.path.isASCII, !shape.mayFit(subject) || !template.matches(subject.pathText) else { return false }
            return beyond(bound(methodDistance, url: LevenshteinDistance.normalized(ascii: counts.bytes, subject.path.bytes)))
        default:
            return beyond(lowerBound(subject))
        }
    }

    /// The method field's distance, as `RequestPattern.match` grades it.
    private func methodDistance(_ subject: Subject) -> Double {
        method == .any || method == subject.method ? 0 : 1
    }

    /// The weighted distance with only the method and URL counted, added up as
    /// `MatchResult.aggregate` adds the parts (every other part taken as 0, which adds nothing).
    private func bound(_ methodDistance: Double, url urlDistance: Double) -> Double {
        (methodDistance * RequestPattern.FieldWeight.method + urlDistance * RequestPattern.FieldWeight.url) / totalWeight
    }
}
