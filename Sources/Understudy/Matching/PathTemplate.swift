import Foundation
import UnderstudySupport

/// A URL path template such as `/contacts/{contactId}/addresses/{addressId}` (WireMock's
/// `urlPathTemplate`). Each `{name}` matches one non-empty path segment part.
public struct PathTemplate: Sendable, Hashable, CustomStringConvertible {
    private enum Piece: Sendable, Hashable {
        case literal(String)
        case variable(String)

        var isASCII: Bool {
            if case .literal(let literal) = self { return literal.utf8.isASCII }
            return true
        }

        var bytes: BytePiece {
            switch self {
            case .literal(let literal): .literal(Array(literal.utf8))
            case .variable: .variable
            }
        }
    }

    /// A piece of a segment when every literal of the template is ASCII, as bytes.
    private enum BytePiece: Sendable, Hashable {
        case literal([UInt8])
        case variable
    }

    /// The template as written.
    public let template: String
    private let segments: [[Piece]]
    /// The segments as bytes, for matching ASCII paths without building strings; `nil` when a
    /// literal is not ASCII.
    private let byteSegments: [[BytePiece]]?
    /// The variable names in order of appearance.
    public let variableNames: [String]

    /// Parses a template; throws when a brace is unbalanced, a name is empty or repeated,
    /// or two variables touch.
    public init(_ template: String) throws(PathTemplateError) {
        self.template = template
        var segments: [[Piece]] = []
        var names: [String] = []
        for rawSegment in template.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            var pieces: [Piece] = []
            var rest = Substring(rawSegment)
            while let open = rest.firstIndex(of: "{") {
                if open > rest.startIndex {
                    let literal = rest[..<open]
                    if literal.contains("}") { throw PathTemplateError(template: template, problem: "'}' without a matching '{'") }
                    pieces.append(.literal(String(literal)))
                }
                guard let close = rest[open...].firstIndex(of: "}") else {
                    throw PathTemplateError(template: template, problem: "'{' without a matching '}'")
                }
                let name = String(rest[rest.index(after: open)..<close])
                guard !name.isEmpty, !name.contains("{") else {
                    throw PathTemplateError(template: template, problem: "a variable needs a name, as in {id}")
                }
                guard !names.contains(name) else {
                    throw PathTemplateError(template: template, problem: "variable {\(name)} appears twice")
                }
                if case .variable = pieces.last {
                    throw PathTemplateError(template: template, problem: "two variables must be separated by literal text")
                }
                names.append(name)
                pieces.append(.variable(name))
                rest = rest[rest.index(after: close)...]
            }
            if rest.contains("}") { throw PathTemplateError(template: template, problem: "'}' without a matching '{'") }
            if !rest.isEmpty { pieces.append(.literal(String(rest))) }
            segments.append(pieces)
        }
        guard template.hasPrefix("/") else {
            throw PathTemplateError(template: template, problem: "a path template must start with '/'")
        }
        self.segments = segments
        self.variableNames = names
        byteSegments = segments.allSatisfy { $0.allSatisfy(\.isASCII) } ? segments.map { $0.map(\.bytes) } : nil
    }

    /// The variables of a matching path (percent-decoded), or `nil` when the path does not match.
    public func match(_ path: String) -> [String: String]? {
        var values: [String: String]? = [:]
        return matches(path, recording: &values) ? values : nil
    }

    /// Whether the path fits the template; records no variables, so allocates nothing.
    func matches(_ path: String) -> Bool {
        if let byteSegments {
            var path = path
            if let matched = path.withUTF8({ Self.matches(byteSegments, asciiPath: $0) }) { return matched }
        }
        var values: [String: String]?
        return matches(path, recording: &values)
    }

    /// Whether an ASCII path fits byte segments, or `nil` when the path is not ASCII. Matches
    /// exactly as the character-wise match does (on ASCII, a byte is a character).
    private static func matches(_ segments: [[BytePiece]], asciiPath path: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard path.isASCII else { return nil }
        let slash = UInt8(ascii: "/")
        guard path.first == slash else { return false }
        var segment = 0
        var start = 1
        while true {
            var end = start
            while end < path.count, path[end] != slash { end += 1 }
            guard segment < segments.count, match(segments[segment][...], path, from: start, to: end) else { return false }
            segment += 1
            guard end < path.count else { break }
            start = end + 1
        }
        return segment == segments.count
    }

    private static func match(_ pieces: ArraySlice<BytePiece>, _ path: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard let first = pieces.first else { return start == end }
        switch first {
        case .literal(let literal):
            guard end - start >= literal.count else { return false }
            for offset in literal.indices where path[start + offset] != literal[offset] { return false }
            return match(pieces.dropFirst(), path, from: start + literal.count, to: end)
        case .variable:
            // At least one character, up to a place where the rest matches.
            let rest = pieces.dropFirst()
            guard !rest.isEmpty else { return start < end }
            var split = start + 1
            while split < end {
                if match(rest, path, from: split, to: end) { return true }
                split += 1
            }
            return false
        }
    }

    /// The literal text of each path segment, or `nil` for a segment with a variable in it
    /// (which fits any segment the rest of the match allows) and for a literal that is not
    /// ASCII: route indexes compare these with ASCII paths byte by byte, where such a literal
    /// could still equal a segment (`K`, the Kelvin sign, is `K` to Swift), so they walk it as
    /// they would a variable.
    var segmentLiterals: [String?] {
        segments.map { pieces in
            switch pieces.count {
            case 0: ""
            case 1: if case .literal(let literal) = pieces[0], literal.utf8.isASCII { literal } else { nil }
            default: nil
            }
        }
    }

    /// Whether every segment is empty, one ASCII literal or one variable: an ASCII path then
    /// fits the template exactly when its segments equal the literals byte for byte and are
    /// not empty where the variables are, which is what ``PathTemplateTrie`` checks on its way.
    var segmentsAreWhole: Bool {
        segments.allSatisfy { pieces in
            switch pieces.count {
            case 0: true
            case 1: if case .literal(let literal) = pieces[0] { literal.utf8.isASCII } else { true }
            default: false
            }
        }
    }

    private func matches(_ path: String, recording values: inout [String: String]?) -> Bool {
        let pathSegments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard path.hasPrefix("/"), pathSegments.count == segments.count else { return false }
        for (pieces, segment) in zip(segments, pathSegments) {
            guard Self.match(pieces[...], Substring(segment), into: &values) else { return false }
        }
        return true
    }

    /// Matches one segment; `values`, when not `nil`, receives the variables.
    private static func match(_ pieces: ArraySlice<Piece>, _ segment: Substring, into values: inout [String: String]?) -> Bool {
        guard let first = pieces.first else { return segment.isEmpty }
        switch first {
        case .literal(let literal):
            guard segment.hasPrefix(literal) else { return false }
            return match(pieces.dropFirst(), segment.dropFirst(literal.count), into: &values)
        case .variable(let name):
            // The variable ends where the next literal starts (or at the end of the segment).
            let rest = pieces.dropFirst()
            guard case .literal(let next)? = rest.first else {
                guard !segment.isEmpty else { return false }
                values?[name] = PercentEncoding.decode(String(segment), plusAsSpace: false)
                return true
            }
            // Each place the literal starts, after at least one character of the variable. (A plain
            // Swift scan: Foundation's `range(of:)` trapped on some substrings, found by fuzzing.)
            guard !segment.isEmpty else { return false }
            var start = segment.index(after: segment.startIndex)
            while start < segment.endIndex {
                if segment[start...].hasPrefix(next) {
                    var attempt = values
                    attempt?[name] = PercentEncoding.decode(String(segment[..<start]), plusAsSpace: false)
                    if match(rest, segment[start...], into: &attempt) {
                        values = attempt
                        return true
                    }
                }
                start = segment.index(after: start)
            }
            return false
        }
    }

    public var description: String { template }
}

/// A URL path template that cannot be parsed.
public struct PathTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template as written.
    public let template: String
    /// What is wrong with it.
    public let problem: String

    public var description: String { "invalid path template \"\(template)\": \(problem)" }
}
