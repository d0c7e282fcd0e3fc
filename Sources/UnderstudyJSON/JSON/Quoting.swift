/// A string in double quotes with quotes, backslashes and control characters escaped.
package func quoted(_ value: String) -> String {
    JSONValue.string(value).jsonText()
}
