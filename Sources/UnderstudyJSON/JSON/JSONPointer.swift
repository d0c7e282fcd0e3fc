import Foundation

/// JSON Pointers (RFC 6901) as URI fragments (`#/components/schemas/Pet`): what JSON Schema's
/// `$ref` and OpenAPI documents point with.
package enum JSONPointer {
    /// Follows a `#/a/b` reference from `root` (`~0`, `~1` and percent escapes undone); `#`
    /// alone is the root; `nil` when the reference is not a pointer fragment or does not resolve.
    package static func lookup(_ reference: String, in root: JSONValue) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        let pointer = String(reference.dropFirst())
        guard pointer.isEmpty || pointer.hasPrefix("/") else { return nil }
        var current = root
        for token in tokens(pointer) {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The unescaped tokens of a pointer (`/paths/~1pets` → `["paths", "/pets"]`); none for
    /// the empty pointer or one that does not start with `/`.
    package static func tokens(_ pointer: String) -> [String] {
        guard pointer.hasPrefix("/") else { return [] }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { raw in
            (String(raw).removingPercentEncoding ?? String(raw)).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// A member name escaped as a pointer token (`a/b` → `a~1b`).
    package static func escape(_ name: String) -> String {
        name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
