import Understudy

/// Lists a 3.1-form document's operations: follows `$ref`s to path items, parameters, request
/// bodies, responses and examples, and checks each schema once.
struct OpenAPIOperationReader {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    let root: JSONValue
    let source: String
    /// `components` with their schemas rewritten once for every validator, per direction.
    private let requestComponents: JSONValue?
    private let responseComponents: JSONValue?

    init(root: JSONValue, source: String) {
        self.root = root
        self.source = source
        requestComponents = root["components"].map { OpenAPISchemaRewriter.rewriteComponents($0, for: .request) }
        responseComponents = root["components"].map { OpenAPISchemaRewriter.rewriteComponents($0, for: .response) }
    }

    func read(warnings: inout [String]) throws(OpenAPIDocumentError) -> [OpenAPIOperation] {
        guard let paths = root["paths"] else { return [] }
        guard case .object(let pathItems) = paths else { throw failure("/paths", "`paths` must be an object of path templates") }
        var operations: [OpenAPIOperation] = []
        for item in pathItems {
            let itemPointer = "/paths/" + JSONPointer.escape(item.key)
            let (pathItem, _) = try resolve(item.value, at: itemPointer)
            let template: PathTemplate
            do {
                // A path key may fix a query (`/responses?beta=true`); the template is its path.
                template = try PathTemplate(String(item.key.prefix { $0 != "?" }))
            } catch {
                throw failure(itemPointer, "the path \(item.key) is not a valid template: \(error.problem)")
            }
            let shared = try parameters(pathItem["parameters"], at: itemPointer + "/parameters", warnings: &warnings)
            for method in Self.methods {
                guard let operation = pathItem[method] else { continue }
                let pointer = itemPointer + "/" + method
                var merged = shared
                for parameter in try parameters(operation["parameters"], at: pointer + "/parameters", warnings: &warnings) {
                    merged.removeAll { $0.name == parameter.name && $0.location == parameter.location }
                    merged.append(parameter)
                }
                for name in template.variableNames where !merged.contains(where: { $0.location == .path && $0.name == name }) {
                    // A template variable the document does not declare still has to be there.
                    merged.append(OpenAPIParameter(name: name, location: .path, required: true, schema: nil, style: "simple", explode: false))
                }
                operations.append(OpenAPIOperation(
                    method: HTTPMethod(method.uppercased()),
                    path: item.key,
                    operationId: operation["operationId"]?.stringValue,
                    parameters: merged,
                    requestBody: try requestBody(operation["requestBody"], at: pointer + "/requestBody", warnings: &warnings),
                    responses: try responses(operation["responses"], at: pointer + "/responses", warnings: &warnings),
                    pointer: pointer,
                    template: template,
                    security: OpenAPISecurity(operation: operation, root: root)
                ))
            }
        }
        return operations
    }

    private func parameters(_ value: JSONValue?, at pointer: String, warnings: inout [String]) throws(OpenAPIDocumentError) -> [OpenAPIParameter] {
        // An empty YAML member (`parameters:` with nothing after it) is null: no parameters.
        guard let value, value != .null else { return [] }
        guard case .array(let items) = value else { throw failure(pointer, "`parameters` must be a list") }
        var result: [OpenAPIParameter] = []
        for (index, item) in items.enumerated() {
            let (parameter, at) = try resolve(item, at: pointer + "/\(index)")
            guard let name = parameter["name"]?.stringValue, let place = parameter["in"]?.stringValue else {
                throw failure(at, "a parameter needs `name` and `in`")
            }
            guard let location = OpenAPIParameter.Location(rawValue: place) else {
                throw failure(at, "`in: \(place)` is not a parameter location; use path, query, header or cookie")
            }
            var schema: OpenAPISchema?
            if let written = parameter["schema"] {
                schema = schemaOf(written, at: at + "/schema", for: .request, warnings: &warnings)
            } else if case .object(let content)? = parameter["content"], let first = content.members.first, let written = first.value["schema"] {
                schema = schemaOf(written, at: at + "/content/" + JSONPointer.escape(first.key) + "/schema", for: .request, warnings: &warnings)
            }
            let style = parameter["style"]?.stringValue ?? (location == .query || location == .cookie ? "form" : "simple")
            result.append(OpenAPIParameter(
                name: name, location: location,
                required: location == .path || parameter["required"]?.boolValue == true,
                schema: schema, style: style,
                explode: parameter["explode"]?.boolValue ?? (style == "form")
            ))
        }
        return result
    }

    private func requestBody(_ value: JSONValue?, at pointer: String, warnings: inout [String]) throws(OpenAPIDocumentError) -> OpenAPIRequestBody? {
        guard let value else { return nil }
        let (body, at) = try resolve(value, at: pointer)
        return OpenAPIRequestBody(required: body["required"]?.boolValue == true,
                                  content: try content(body["content"], at: at + "/content", for: .request, warnings: &warnings))
    }

    private func responses(_ value: JSONValue?, at pointer: String, warnings: inout [String]) throws(OpenAPIDocumentError) -> [OpenAPIResponse] {
        guard let value, value != .null else { return [] }
        guard case .object(let members) = value else { throw failure(pointer, "`responses` must map status codes to responses") }
        var result: [OpenAPIResponse] = []
        for member in members where !member.key.hasPrefix("x-") {
            let (response, at) = try resolve(member.value, at: pointer + "/" + JSONPointer.escape(member.key))
            let (headers, headerExamples) = try responseHeaders(response["headers"], at: at + "/headers", warnings: &warnings)
            result.append(OpenAPIResponse(status: member.key,
                                          content: try content(response["content"], at: at + "/content", for: .response, warnings: &warnings),
                                          headers: headers, headerExamples: headerExamples))
        }
        return result
    }

    /// A response's `headers`, read as header parameters (`Content-Type` is left out, as the
    /// specification says), and their examples.
    private func responseHeaders(_ value: JSONValue?, at pointer: String,
                                 warnings: inout [String]) throws(OpenAPIDocumentError) -> ([OpenAPIParameter], [String: JSONValue]) {
        guard let value, value != .null else { return ([], [:]) }
        guard case .object(let members) = value else { throw failure(pointer, "`headers` must map header names to header objects") }
        var headers: [OpenAPIParameter] = []
        var examples: [String: JSONValue] = [:]
        for member in members where member.key.lowercased() != "content-type" {
            let (header, at) = try resolve(member.value, at: pointer + "/" + JSONPointer.escape(member.key))
            let schema = header["schema"].map { schemaOf($0, at: at + "/schema", for: .response, warnings: &warnings) }
            headers.append(OpenAPIParameter(name: member.key, location: .header, required: header["required"]?.boolValue == true,
                                            schema: schema, style: "simple", explode: false))
            if let example = header["example"] ?? header["schema"]?["example"] { examples[member.key] = example }
        }
        return (headers, examples)
    }

    private func schemaOf(_ written: JSONValue, at pointer: String, for direction: OpenAPISchemaRewriter.Direction,
                          warnings: inout [String]) -> OpenAPISchema {
        OpenAPISchema(json: written, pointer: pointer, root: root,
                      components: direction == .request ? requestComponents : responseComponents, direction: direction, warnings: &warnings)
    }

    private func content(_ value: JSONValue?, at pointer: String, for direction: OpenAPISchemaRewriter.Direction,
                         warnings: inout [String]) throws(OpenAPIDocumentError) -> [OpenAPIMediaType] {
        guard let value, value != .null else { return [] }
        guard case .object(let members) = value else { throw failure(pointer, "`content` must map media types to media type objects") }
        var result: [OpenAPIMediaType] = []
        for member in members {
            let at = pointer + "/" + JSONPointer.escape(member.key)
            let schema = member.value["schema"].map { schemaOf($0, at: at + "/schema", for: direction, warnings: &warnings) }
            var examples: [(name: String, value: JSONValue)] = []
            if case .object(let named)? = member.value["examples"] {
                for example in named {
                    let (resolved, _) = try resolve(example.value, at: at + "/examples/" + JSONPointer.escape(example.key))
                    if let value = resolved["value"] ?? resolved["dataValue"] { examples.append((example.key, value)) }
                }
            }
            result.append(OpenAPIMediaType(contentType: member.key, schema: schema, example: member.value["example"], examples: examples))
        }
        return result
    }

    /// Follows `$ref`s (at most 32) to the object they name; returns it and its pointer.
    private func resolve(_ value: JSONValue, at pointer: String) throws(OpenAPIDocumentError) -> (JSONValue, String) {
        var current = value
        var currentPointer = pointer
        for _ in 0..<32 {
            guard case .string(let reference)? = current["$ref"] else { return (current, currentPointer) }
            guard reference.hasPrefix("#") else {
                throw failure(currentPointer, "the $ref \(reference) points into another file; Understudy reads one-file documents (bundle it first, for example with `redocly bundle`)")
            }
            guard let target = JSONPointer.lookup(reference, in: root) else {
                throw failure(currentPointer, "the $ref \(reference) does not resolve in this document")
            }
            current = target
            currentPointer = String(reference.dropFirst())
        }
        throw failure(pointer, "$refs chain more than 32 deep; is there a cycle?")
    }

    /// An error at a place in the document; ``OpenAPIDocument`` adds its line and column.
    private func failure(_ pointer: String, _ message: String) -> OpenAPIDocumentError {
        OpenAPIDocumentError(source: source, pointer: pointer, message: message)
    }
}
