import Foundation
public import Understudy

/// A schema of an OpenAPI document, checked by the package's JSON Schema validator.
///
/// OpenAPI 3.1 schemas are JSON Schema 2020-12; 3.0 schemas arrive converted (`nullable` as a
/// `null` type, boolean `exclusiveMinimum` as a number). `$ref`s to `#/components/…` resolve
/// against the document, and `oneOf`/`anyOf` with a `discriminator` check the one schema the
/// discriminator names. `format` is asserted (`date-time`, `uuid`, `email`, `int32`, `int64`…). A required
/// `readOnly` property is not required in requests, a required `writeOnly` one not in responses.
public struct OpenAPISchema: Sendable {
    /// The schema as the document (in its 3.1 form) writes it.
    public let json: JSONValue
    /// Where the schema is in the document, as a JSON pointer.
    public let pointer: String
    /// The document in its 3.1 form, for following `$ref`s.
    let root: JSONValue
    /// The validator, or `nil` when the schema uses a keyword the validator refuses (the
    /// document's ``OpenAPIDocument/warnings`` say which).
    let validator: JSONSchema?

    /// Checks the schema; a schema the validator cannot use is kept unchecked with a warning.
    /// `components` is the document's `components` with their schemas rewritten once by
    /// ``OpenAPISchemaRewriter``, so that `$ref`s resolve inside the validator's document.
    init(json: JSONValue, pointer: String, root: JSONValue, components: JSONValue?, direction: OpenAPISchemaRewriter.Direction,
         warnings: inout [String]) {
        self.json = json
        self.pointer = pointer
        self.root = root
        var document = OpenAPISchemaRewriter.rewrite(json, for: direction, schemas: components?["schemas"]?.objectValue ?? [:])
        if case .object(var object) = document, object["components"] == nil, let components {
            object["components"] = components
            document = .object(object)
        }
        do {
            validator = try JSONSchema(document, draft: .v202012, assertFormats: true, openAPIFormats: true)
        } catch {
            warnings.append("\(pointer): schema not checked: \(error.message) (at \(error.schemaPath))")
            validator = nil
        }
    }

    /// Every way `value` fails the schema; schema paths are pointers into the document. A failure
    /// reached twice (a subtype's base checked through the subtype and directly) is listed once.
    public func validate(_ value: JSONValue) -> [JSONSchemaFailure] {
        guard let validator else { return [] }
        var seen = Set<JSONSchemaFailure>()
        return validator.validate(value).compactMap { failure in
            var path = failure.schemaPath.hasPrefix("#/components/") ? failure.schemaPath : "#" + pointer + failure.schemaPath.dropFirst()
            // A subtype's base is checked through its copy (OpenAPISchemaRewriter.dispatchInheritance); name the base.
            path = path.replacingOccurrences(of: OpenAPISchemaRewriter.baseSuffix, with: "")
            let mapped = JSONSchemaFailure(keyword: failure.keyword, instancePath: failure.instancePath, schemaPath: path, message: failure.message)
            return seen.insert(mapped).inserted ? mapped : nil
        }
    }

    /// The schema a `$ref` points to (followed up to 32 times), or the schema itself.
    func resolved(_ schema: JSONValue) -> JSONValue {
        var current = schema
        for _ in 0..<32 {
            guard case .string(let reference)? = current["$ref"], let target = JSONPointer.lookup(reference, in: root) else { return current }
            current = target
        }
        return current
    }
}
