import Foundation

/// The first line a child process writes to `handle` (up to its newline), or what it wrote
/// before closing the handle; `nil` when it wrote nothing.
func readFirstLine(from handle: FileHandle) -> String? {
    var text = ""
    while !text.contains("\n") {
        let data = handle.availableData
        if data.isEmpty { break }
        text += String(decoding: data, as: UTF8.self)
    }
    return text.isEmpty ? nil : text
}

/// The base URL from the first line `understudy: serving ... at http://127.0.0.1:PORT (admin ...`
/// or `understudy: recording ... at http://127.0.0.1:PORT; ...`.
func readBaseURL(from handle: FileHandle) -> URL? {
    guard let line = readFirstLine(from: handle), line.contains("\n"), let start = line.range(of: " at http://") else { return nil }
    let address = line[start.upperBound...].prefix { $0 != " " && $0 != "\n" && $0 != ";" }
    return URL(string: "http://" + address)
}
