package import Foundation
package import UnderstudyJSON
import UnderstudySupport

/// Reads a WireMock JSON document field by field, remembering where it is so that every
/// error names the path, and the file, line and column when the document came from text.
package struct JSONReader {
    /// Where a document came from.
    package struct Source {
        package var file: String?
        package var locations: JSONSourceMap?
        /// Where ``warn(_:)`` records; one log per decoded document.
        package var warnings = MappingWarningLog()
        /// The expressions compiled so far by the load this document is part of, if shared.
        package var regexes: RegexPatternCache?
        /// The answer kinds and custom matchers from outside the core this document may use.
        package var extensions = MappingExtensions()
    }

    package let value: JSONValue
    package let path: [JSONCodingPathElement]
    package let source: Source

    package init(_ value: JSONValue, path: [JSONCodingPathElement] = [], source: Source = Source()) {
        self.value = value
        self.path = path
        self.source = source
    }

    /// A reader over JSON text that knows where every value was written. Text that is not
    /// JSON fails with its line and column, and `hint` (how to get valid input) after the
    /// parser's message when given.
    package static func parsing(_ data: Data, file: String?, hint: String? = nil, regexes: RegexPatternCache? = nil,
                                extensions: MappingExtensions = MappingExtensions()) throws(MappingDecodingError) -> JSONReader {
        let parsed: (value: JSONValue, locations: JSONSourceMap)
        do {
            // Comments and single quotes, as WireMock's Jackson mapper reads them.
            parsed = try JSONParser.parseWithLocations(data, lenient: true)
        } catch {
            throw MappingDecodingError(file: file, line: error.line, column: error.column, path: "",
                                       message: "not valid JSON: \(error.message)" + (hint.map { "; \($0)" } ?? ""))
        }
        return JSONReader(parsed.value, source: Source(file: file, locations: parsed.locations, regexes: regexes, extensions: extensions))
    }

    /// Runs a decoder that throws ``MappingDecodingError``s, turning any other error into one
    /// at this reader's location.
    package func decoding<T>(_ body: (JSONReader) throws -> T) throws(MappingDecodingError) -> T {
        do {
            return try body(self)
        } catch let error as MappingDecodingError {
            throw error
        } catch {
            throw self.error("\(error)")
        }
    }

    /// The reader of a member.
    package func member(_ key: String) -> JSONReader? {
        guard let child = value[key] else { return nil }
        return JSONReader(child, path: path + [.key(key)], source: source)
    }

    /// The readers of the elements of an array; throws when this is not an array.
    package func elements() throws -> [JSONReader] {
        guard case .array(let items) = value else { throw typeError("an array") }
        return items.enumerated().map { JSONReader($0.element, path: path + [.index($0.offset)], source: source) }
    }

    /// The members of an object, in order; throws when this is not an object.
    package func members() throws -> [(key: String, reader: JSONReader)] {
        guard case .object(let object) = value else { throw typeError("an object") }
        return object.members.map { ($0.key, JSONReader($0.value, path: path + [.key($0.key)], source: source)) }
    }

    /// The object; throws when this is not an object.
    package func object() throws -> JSONObject {
        guard case .object(let object) = value else { throw typeError("an object") }
        return object
    }

    package func string() throws -> String {
        guard case .string(let text) = value else { throw typeError("a string") }
        return text
    }

    package func int() throws -> Int {
        guard case .number(let number) = value, let int = number.intValue else { throw typeError("an integer") }
        return int
    }

    package func double() throws -> Double {
        guard case .number(let number) = value else { throw typeError("a number") }
        return number.doubleValue
    }

    package func bool() throws -> Bool {
        guard case .bool(let bool) = value else { throw typeError("true or false") }
        return bool
    }

    /// Reads an optional member with `read`.
    package func optional<T>(_ key: String, _ read: (JSONReader) throws -> T) throws -> T? {
        guard let child = member(key), child.value != .null else { return nil }
        return try read(child)
    }

    /// Reads a required member with `read`.
    package func required<T>(_ key: String, _ read: (JSONReader) throws -> T) throws -> T {
        guard let child = member(key), child.value != .null else {
            throw error("missing required field \"\(key)\"")
        }
        return try read(child)
    }

    package func optionalString(_ key: String) throws -> String? { try optional(key) { try $0.string() } }
    package func optionalInt(_ key: String) throws -> Int? { try optional(key) { try $0.int() } }
    package func optionalDouble(_ key: String) throws -> Double? { try optional(key) { try $0.double() } }
    package func optionalBool(_ key: String) throws -> Bool? { try optional(key) { try $0.bool() } }
    package func requiredString(_ key: String) throws -> String { try required(key) { try $0.string() } }
    package func requiredInt(_ key: String) throws -> Int { try required(key) { try $0.int() } }

    /// The regular expression `source` compiled, by the shared cache of the load when there is one.
    package func regex(_ source: String) -> RegexPattern {
        self.source.regexes?.pattern(source) ?? RegexPattern(source)
    }

    /// Throws for the first member whose key is not in `known`, suggesting the closest known key.
    /// `hint`, when given, follows the list of known fields.
    package func rejectUnknownKeys(_ known: [String], in what: String, hint: String? = nil) throws {
        for (key, reader) in try members() where !known.contains(key) {
            throw reader.error("unknown field \"\(key)\" in \(what)\(LevenshteinDistance.suggestion(for: key, among: known)); known fields: \(known.joined(separator: ", "))" + (hint.map { ". \($0)" } ?? ""))
        }
    }

    /// Records a warning at this reader's position: the mapping loads, but something in it
    /// is ignored or probably not what was meant.
    package func warn(_ message: String) {
        let location = source.locations?.location(of: path)
        source.warnings.append(MappingWarning(file: source.file, line: location?.line, column: location?.column,
                                              path: Self.render(path), message: message))
    }

    /// Records a warning at the member `key`, or at this reader's position without one.
    package func warn(at key: String, _ message: String) {
        (member(key) ?? self).warn(message)
    }

    /// A flag read as Jackson's `JsonNode.asBoolean()` reads it, which is how WireMock reads
    /// pattern modifiers such as `caseInsensitive`: `true`, a non-zero number or the text
    /// `"true"` is true, anything else false. Anything but `true` or `false` gets a warning.
    package func lenientBool() -> Bool {
        switch value {
        case .bool(let bool): return bool
        case .null: return false
        default:
            let result: Bool
            switch value {
            case .number(let number): result = number.doubleValue != 0
            case .string(let text): result = text.trimmingCharacters(in: .whitespaces) == "true"
            default: result = false
            }
            warn("expected true or false, found \(value.typeName) \(Self.preview(value)); WireMock reads it as \(result)")
            return result
        }
    }

    /// The id of a stub read here when it names none: from a file, one derived from the file,
    /// the stub's place in it and its content, so that every instance loading the same root
    /// names it alike (a shared store keeps one copy; a reload of an unchanged file keeps its
    /// ids); from anything else, a new random one.
    package var defaultStubID: UUID {
        guard let file = source.file else { return UUID() }
        return UUID.stable(file + " " + path.map { "\($0)" }.joined(separator: "/") + " " + value.jsonText(sortedKeys: true))
    }

    /// An error at this reader's position.
    package func error(_ message: String) -> MappingDecodingError {
        let location = source.locations?.location(of: path)
        return MappingDecodingError(file: source.file, line: location?.line, column: location?.column,
                                    path: Self.render(path), message: message)
    }

    /// An error at the member `key` (where a value that is well-formed but not acceptable was
    /// written), or at this reader's position when the object has no such member.
    package func error(at key: String, _ message: String) -> MappingDecodingError {
        (member(key) ?? self).error(message)
    }

    /// An error saying what type was expected and what was found.
    package func typeError(_ expected: String) -> MappingDecodingError {
        error("expected \(expected), found \(value.typeName) \(Self.preview(value))")
    }

    private static func preview(_ value: JSONValue) -> String {
        let text = value.jsonText()
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    /// `request.headers.Accept`, `mappings[2].response`.
    package static func render(_ path: [JSONCodingPathElement]) -> String {
        var text = ""
        for element in path {
            switch element {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}

extension JSONReader.Source {
    /// A source for a document read with `extensions`' answer kinds and matchers.
    package init(extensions: MappingExtensions) { self.init(file: nil, extensions: extensions) }
}
