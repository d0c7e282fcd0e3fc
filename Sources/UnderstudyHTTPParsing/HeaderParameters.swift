/// Splits a structured header value such as `form-data; name="file"; filename=a.txt` or
/// `multipart/form-data; boundary="XYZ"` into its leading value and its parameters.
///
/// Parameter names are matched case-insensitively by callers; values may be tokens or
/// quoted strings. Inside quotes `;` does not split, and `\"` / `\\` are unescaped while any
/// other backslash is kept literally (browsers send Windows paths such as `C:\tmp\a.txt` unescaped).
package enum HeaderParameters {
    /// The part before the first `;` (trimmed) and the `name=value` parameters after it, in order.
    package static func parse(_ headerValue: String) -> (value: String, parameters: [(name: String, value: String)]) {
        let scalars = Array(headerValue.unicodeScalars)
        var index = 0
        var leading = String.UnicodeScalarView()
        while index < scalars.count, scalars[index] != ";" {
            leading.append(scalars[index])
            index += 1
        }
        var parameters: [(name: String, value: String)] = []
        while index < scalars.count {
            index += 1 // skip ';'
            var name = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != "=", scalars[index] != ";" {
                name.append(scalars[index])
                index += 1
            }
            guard index < scalars.count, scalars[index] == "=" else { continue }
            index += 1 // skip '='
            while index < scalars.count, isBlank(scalars[index]) { index += 1 }
            var value = String.UnicodeScalarView()
            if index < scalars.count, scalars[index] == "\"" {
                index += 1
                while index < scalars.count, scalars[index] != "\"" {
                    if scalars[index] == "\\", index + 1 < scalars.count,
                       scalars[index + 1] == "\"" || scalars[index + 1] == "\\" {
                        index += 1
                    }
                    value.append(scalars[index])
                    index += 1
                }
                while index < scalars.count, scalars[index] != ";" { index += 1 }
            } else {
                while index < scalars.count, scalars[index] != ";" {
                    value.append(scalars[index])
                    index += 1
                }
                value = trimmed(value)
            }
            let trimmedName = String(trimmed(name))
            if !trimmedName.isEmpty { parameters.append((trimmedName, String(value))) }
        }
        return (String(trimmed(leading)), parameters)
    }

    /// The value of the first parameter with this name (ASCII case-insensitive), or `nil`.
    package static func value(of name: String, in parameters: [(name: String, value: String)]) -> String? {
        let wanted = name.lowercased()
        return parameters.first { $0.name.lowercased() == wanted }?.value
    }

    /// Whether the scalar is a space or a tab.
    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

    /// The scalars without leading and trailing spaces and tabs.
    private static func trimmed(_ scalars: String.UnicodeScalarView) -> String.UnicodeScalarView {
        guard let start = scalars.firstIndex(where: { !isBlank($0) }),
              let end = scalars.lastIndex(where: { !isBlank($0) })
        else { return String.UnicodeScalarView() }
        return String.UnicodeScalarView(scalars[start...end])
    }
}
