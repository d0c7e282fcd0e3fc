import Foundation
import OpenAPIKit
import OpenAPIKit30
import Understudy

/// OpenAPIKit's reading of a whole document, as a strict check of its structure: every object
/// of it, not only the parts Understudy reads. (Understudy reads documents itself: OpenAPIKit's
/// decoding took about 1.6 s of a 1.8 s start-up on a 1 MB document, release build.)
enum OpenAPIKitBridge {
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
