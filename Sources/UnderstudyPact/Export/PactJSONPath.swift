import Foundation

/// Pact's JSON paths for body rules: `$.name`, `$['odd key']`, `$.items[0]`.
enum PactJSONPath {
    /// The path of member `key` of the object at `path`.
    static func member(_ path: String, _ key: String) -> String {
        let plain = key.first.map { $0.isLetter || $0 == "_" } == true && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            && key.unicodeScalars.allSatisfy(\.isASCII)
        return plain ? "\(path).\(key)" : "\(path)['\(key.replacingOccurrences(of: "'", with: "\\'"))']"
    }
}
