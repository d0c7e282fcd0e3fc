import Foundation

/// How the console marks up text: ANSI colours on a terminal, plain text otherwise.
///
/// Only the standard eight colours and dim are used (never bright white or black), so the
/// log reads on dark and light terminals alike; `NO_COLOR` (https://no-color.org) or output
/// that is not a terminal turns them off.
struct ConsoleStyle: Sendable {
    /// Whether escape sequences are written.
    let colours: Bool

    static let plain = ConsoleStyle(colours: false)

    /// Colours when standard output is a terminal and `NO_COLOR` is unset or empty.
    static func forStandardOutput(environment: [String: String] = ProcessInfo.processInfo.environment) -> ConsoleStyle {
        ConsoleStyle(colours: isatty(FileHandle.standardOutput.fileDescriptor) == 1 && (environment["NO_COLOR"] ?? "").isEmpty)
    }

    /// A status code coloured by class: 2xx green, 3xx cyan, 4xx magenta, 5xx red.
    func status(_ code: Int) -> String {
        let colour = switch code {
        case 200..<300: "32"
        case 300..<400: "36"
        case 400..<500: "35"
        default: "31"
        }
        return wrap(String(code), colour)
    }

    /// Secondary text (times, headers).
    func dim(_ text: String) -> String { wrap(text, "2") }

    /// Text that needs attention ("no match").
    func alert(_ text: String) -> String { wrap(text, "1;31") }

    private func wrap(_ text: String, _ code: String) -> String {
        colours ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
