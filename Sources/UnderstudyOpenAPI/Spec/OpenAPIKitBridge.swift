import Foundation
import OpenAPIKit
import OpenAPIKit30
import Understudy

/// OpenAPIKit's reading of a whole document, as a strict check of its structure: every object
/// of it, not only the parts Understudy reads. (Understudy reads documents itself: OpenAPIKit's
/// decoding took about 1.6 s of a 1.8 s start-up on a 1 MB document, release build.)
enum OpenAPIKitBridge {
    /// Throws where OpenAPIKit cannot read the document as the version it declares.
    static func check(_ written: JSONValue, version: String, source: String, locations: JSONSourceMap) throws(OpenAPIDocumentError) {
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
                case .key(let key): "/" + OpenAPIDocument.escape(key)
                }
            }.joined()
            throw OpenAPIDocumentError(source: source, location: nearestLocation(of: path, in: locations), pointer: pointer,
                                       message: readable.localizedDescription)
        }
    }

    /// The location of the place, or of its nearest parent that has one (a missing member has none).
    private static func nearestLocation(of path: [JSONCodingPathElement], in locations: JSONSourceMap) -> JSONSourceLocation? {
        var path = path
        while true {
            if let location = locations.location(of: path) { return location }
            if path.isEmpty { return nil }
            path.removeLast()
        }
    }
}
