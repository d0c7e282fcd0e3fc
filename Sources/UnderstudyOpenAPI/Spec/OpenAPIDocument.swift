public import Foundation
public import Understudy

/// An OpenAPI 3.0 or 3.1 document, read from JSON or YAML, checked, and listed as operations.
///
/// A 3.0 document is converted to 3.1 when it is read (`nullable` becomes a `null` type, boolean
/// `exclusiveMinimum`/`exclusiveMaximum` become numbers), so both versions take one path
/// afterwards: every schema is JSON Schema 2020-12, checked by `JSONSchema` (from `Understudy`).
/// A 3.1 document that still writes 3.0's `nullable: true` is read the same way.
///
/// ```swift
/// let document = try OpenAPIDocument(yaml: """
///     openapi: 3.0.3
///     info: {title: Pets, version: "1"}
///     paths:
///       /pets/{petId}:
///         get:
///           operationId: getPet
///           parameters:
///             - {name: petId, in: path, required: true, schema: {type: integer}}
///           responses:
///             "200": {description: A pet}
///     """)
/// // document.operations[0].label == "getPet"
/// ```
public struct OpenAPIDocument: Sendable {
    /// The file or name the document was read from, as errors and reports name it.
    public let source: String
    /// The `openapi` version the document declares (`3.0.3`, `3.1.0`…).
    public let version: String
    /// The document in its 3.1 form.
    public let json: JSONValue
    /// Every operation, in document order.
    public private(set) var operations: [OpenAPIOperation]
    /// What the document uses that Understudy does not check (a schema with a keyword the
    /// validator refuses, such as `unevaluatedProperties`), one line each.
    public let warnings: [String]

    /// Reads a document from a `.json`, `.yaml` or `.yml` file. (`understudy lint --openapi`
    /// also checks the structure of every object in it, not only of those Understudy uses.)
    public init(contentsOf url: URL) throws(OpenAPIDocumentError) {
        try self.init(contentsOf: url, structureCheck: nil)
    }

    /// Reads a document from a file, running `structureCheck` (the CLI's strict reading) on its
    /// text, which is in the version the document declares, before Understudy reads it.
    package init(contentsOf url: URL, structureCheck: StructureCheck?) throws(OpenAPIDocumentError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw OpenAPIDocumentError(source: url.path, message: "cannot read the file: \(error.localizedDescription)")
        }
        try self.init(data: data, source: url.lastPathComponent, structureCheck: structureCheck)
    }

    /// Reads a document from YAML text (see ``init(data:source:)``).
    public init(yaml: String, source: String = "openapi.yaml") throws(OpenAPIDocumentError) {
        try self.init(data: Data(yaml.utf8), source: source)
    }

    /// A check of a whole document, given as written, its declared version and its source
    /// name; the error's pointer is located in the text by the reader.
    package typealias StructureCheck = (_ written: JSONValue, _ version: String, _ source: String) throws(OpenAPIDocumentError) -> Void

    /// Reads a document from JSON or YAML bytes (JSON when the text starts with `{`).
    ///
    /// - Parameters:
    ///   - data: The document's text.
    ///   - source: The name errors and reports give it, usually the file name.
    public init(data: Data, source: String = "openapi") throws(OpenAPIDocumentError) {
        try self.init(data: data, source: source, structureCheck: nil)
    }

    /// Reads a document from JSON or YAML bytes, running `structureCheck` first (see
    /// ``init(contentsOf:structureCheck:)``).
    package init(data: Data, source: String, structureCheck: StructureCheck?) throws(OpenAPIDocumentError) {
        let written = try OpenAPISourceReader.read(data, source: source)
        self.source = source
        do {
            (version, json, operations, warnings) = try Self.read(written, source: source, structureCheck: structureCheck)
        } catch {
            throw error.located(in: OpenAPISourceReader.locations(data, source: source), root: written)
        }
    }

    private static func read(_ written: JSONValue, source: String, structureCheck: StructureCheck?) throws(OpenAPIDocumentError)
        -> (version: String, json: JSONValue, operations: [OpenAPIOperation], warnings: [String]) {
        guard case .object(let object) = written else {
            throw OpenAPIDocumentError(source: source, message: "an OpenAPI document is an object starting with `openapi: 3.1.0`")
        }
        if let written = object["openapi"], written.stringValue == nil {
            throw OpenAPIDocumentError(source: source, pointer: "/openapi",
                                       message: "`openapi` must be a version string such as \"3.1.0\", not \(written.jsonText()); quote it in YAML")
        }
        guard let version = object["openapi"]?.stringValue else {
            let hint = object["swagger"] != nil ? "Swagger 2.0 documents need converting to OpenAPI 3 first" : "add `openapi: 3.1.0` (or 3.0.3)"
            throw OpenAPIDocumentError(source: source, message: "no `openapi` version field; \(hint)")
        }
        guard version.hasPrefix("3.0.") || version.hasPrefix("3.1.") else {
            throw OpenAPIDocumentError(source: source, pointer: "/openapi",
                                       message: "unsupported OpenAPI version \(version); Understudy reads 3.0.x and 3.1.x documents")
        }
        try structureCheck?(written, version, source)
        // 3.1 documents too: one written with 3.0's `nullable: true` (OpenAI's, 111 times) means
        // it, as testers and the real services read it, and JSON Schema would ignore it.
        let json = OpenAPI30Converter.convertDocument(written)
        var warnings: [String] = []
        let operations = try OpenAPIOperationReader(root: json, source: source).read(warnings: &warnings)
        return (version, json, operations, warnings)
    }

    /// The path the operations are under; empty unless set with ``mounted(at:)``.
    public private(set) var basePath = ""

    /// The document with every path under `basePath`, for clients whose server URL has a path
    /// (`https://api.example.com/v1` sends `/v1/pets`): `document.mounted(at: "/v1")` serves,
    /// validates and checks `/v1/pets`. ``serverBasePaths`` lists the documented servers' paths.
    public func mounted(at basePath: String) -> OpenAPIDocument {
        var trimmed = basePath
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        if !trimmed.isEmpty, !trimmed.hasPrefix("/") { trimmed = "/" + trimmed }
        var copy = self
        copy.basePath = trimmed
        copy.operations = operations.map { operation in
            var mounted = operation
            mounted.basePath = trimmed
            return mounted
        }
        return copy
    }

    /// The paths of the document's `servers` URLs (`/v1` for `https://api.example.com/v1`), in
    /// document order, without duplicates; empty paths are left out.
    public var serverBasePaths: [String] {
        let urls = (json["servers"]?.arrayValue ?? []).compactMap { $0["url"]?.stringValue }
        return urls.reduce(into: [String]()) { paths, url in
            // A relative server URL (`/v1`) is a path already; an absolute one has a scheme and host first.
            var path = url
            if let scheme = url.range(of: "://") {
                let afterHost = url[scheme.upperBound...].firstIndex(of: "/") ?? url.endIndex
                path = String(url[afterHost...])
            }
            while path.hasSuffix("/") { path.removeLast() }
            if !path.isEmpty, !paths.contains(path) { paths.append(path) }
        }
    }

    /// The operation with the `operationId`.
    public func operation(id: String) -> OpenAPIOperation? { operations.first { $0.operationId == id } }

    /// The operations whose path template fits `path` (no query), most specific first.
    public func operations(forPath path: String) -> [OpenAPIOperation] {
        operations.filter { $0.matchesPath(path) }.sorted { $0.specificity > $1.specificity }
    }

    /// The operation a request goes to: method and path, with a concrete path before a templated one.
    public func operation(method: HTTPMethod, path: String) -> OpenAPIOperation? {
        operations(forPath: path).first { $0.method == method }
    }

    // MARK: JSON pointers

    /// A JSON pointer as a coding path inside `root`, for finding its line and column.
    static func codingPath(_ pointer: String, in root: JSONValue) -> [JSONCodingPathElement] {
        var current: JSONValue? = root
        return JSONPointer.tokens(pointer).map { token in
            if case .array(let items)? = current, let index = Int(token) {
                current = items.indices.contains(index) ? items[index] : nil
                return .index(index)
            }
            current = current?[token]
            return .key(token)
        }
    }
}
