import UnderstudyJSON

/// Writes JSON as Jackson's `DefaultPrettyPrinter` does, which WireMock's `formatJson` helper
/// uses (`Json.prettyPrint`): objects one member a line indented by two spaces with `" : "`
/// between name and value, arrays on one line as `[ 1, 2 ]`, empty containers as `{ }` and
/// `[ ]`, `\n` line ends (WireMock on Linux and macOS) and no trailing newline.
///
/// ```
/// {
///   "a" : [ {
///     "b" : 1
///   }, 2 ],
///   "c" : { }
/// }
/// ```
enum JacksonPrettyPrinter {
    static func text(of value: JSONValue) -> String {
        var output = ""
        write(value, depth: 0, into: &output)
        return output
    }

    /// `depth` is the object nesting level: arrays do not indent their items.
    private static func write(_ value: JSONValue, depth: Int, into output: inout String) {
        switch value {
        case .array(let items):
            guard !items.isEmpty else { output += "[ ]"; return }
            output += "[ "
            for (index, item) in items.enumerated() {
                if index > 0 { output += ", " }
                write(item, depth: depth, into: &output)
            }
            output += " ]"
        case .object(let object):
            guard !object.isEmpty else { output += "{ }"; return }
            output += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { output += "," }
                output += "\n" + String(repeating: "  ", count: depth + 1)
                output += JSONValue.string(member.key).jsonText() + " : "
                write(member.value, depth: depth + 1, into: &output)
            }
            output += "\n" + String(repeating: "  ", count: depth) + "}"
        case .null, .bool, .number, .string:
            output += value.jsonText()
        }
    }
}
