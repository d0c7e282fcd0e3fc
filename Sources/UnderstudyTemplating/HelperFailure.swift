/// A helper given arguments it cannot use; the renderer adds the helper name and the position.
struct HelperFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
