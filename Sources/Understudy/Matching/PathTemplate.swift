import Foundation
import UnderstudySupport

/// A URL path template such as `/contacts/{contactId}/addresses/{addressId}` (WireMock's
/// `urlPathTemplate`). Each `{name}` matches one non-empty path segment part.
public struct PathTemplate: Sendable, Hashable, CustomStringConvertible {
    private enum Piece: Sendable, Hashable {
        case literal(String)
        case variable(String)
    }

    /// The template as written.
    public let template: String
    private let segments: [[Piece]]
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
    }

    /// The variables of a matching path (percent-decoded), or `nil` when the path does not match.
    public func match(_ path: String) -> [String: String]? {
        let pathSegments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard path.hasPrefix("/"), pathSegments.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (pieces, segment) in zip(segments, pathSegments) {
            guard Self.match(pieces[...], Substring(segment), into: &values) else { return nil }
        }
        return values
    }

    private static func match(_ pieces: ArraySlice<Piece>, _ segment: Substring, into values: inout [String: String]) -> Bool {
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
                values[name] = PercentEncoding.decode(String(segment), plusAsSpace: false)
                return true
            }
            // Each place the literal starts, after at least one character of the variable. (A plain
            // Swift scan: Foundation's `range(of:)` trapped on some substrings, found by fuzzing.)
            guard !segment.isEmpty else { return false }
            var start = segment.index(after: segment.startIndex)
            while start < segment.endIndex {
                if segment[start...].hasPrefix(next) {
                    var attempt = values
                    attempt[name] = PercentEncoding.decode(String(segment[..<start]), plusAsSpace: false)
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
