import Foundation
import OpenAPIKit
import OpenAPIKit30
import Understudy
import UnderstudyOpenAPI

/// OpenAPIKit's reading of a whole document, as `lint --openapi`'s strict check of its
/// structure: every object of it, not only the parts Understudy reads. It lives in the CLI so
/// that the library does not depend on OpenAPIKit. (Understudy reads documents itself:
/// OpenAPIKit's decoding took about 1.6 s of a 1.8 s start-up on a 1 MB document, release build.)
enum OpenAPIStrictReading {
    /// Reads the document at `url` as ``OpenAPIDocument/init(contentsOf:)`` does, after the
    /// strict check.
    static func document(contentsOf url: URL) throws(OpenAPIDocumentError) -> OpenAPIDocument {
        try OpenAPIDocument(contentsOf: url, structureCheck: check)
    }

    /// Reads a YAML or JSON text as ``document(contentsOf:)`` does.
    static func document(yaml: String, source: String = "openapi.yaml") throws(OpenAPIDocumentError) -> OpenAPIDocument {
        try OpenAPIDocument(data: Data(yaml.utf8), source: source, structureCheck: check)
    }

    /// Throws where OpenAPIKit cannot read the document as the version it declares.
    static func check(_ written: JSONValue, version: String, source: String) throws(OpenAPIDocumentError) {
        let data = written.jsonData()
        do {
            if version.hasPrefix("3.0.") {
                _ = try JSONDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: data)
            } else {
                _ = try JSONDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: data)
            }
        } catch {
            let readable = OpenAPIKit.OpenAPI.Error(from: error)
            let path: [JSONCodingPathElement] = readable.codingPath.map { key in key.intValue.map(JSONCodingPathElement.index) ?? .key(key.stringValue) }
            let pointer = path.map { element -> String in
                switch element {
                case .index(let index): "/\(index)"
                case .key(let key): "/" + JSONPointer.escape(key)
                }
            }.joined()
            throw OpenAPIDocumentError(source: source, pointer: pointer, message: readable.localizedDescription)
        }
    }
}
