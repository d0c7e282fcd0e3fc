import ArgumentParser
import Understudy
import UnderstudyRecording

/// The choices `record` and `import-har` share: which exchanges, what to match on, where
/// bodies go, and what to redact.
struct RecordingOptions: ParsableArguments {
    @Option(name: .long, help: "Record only requests whose URL (path and query) matches this regex.")
    var filterURL: String?

    @Option(name: .long, help: "Record only requests with this method.")
    var method: String?

    @Option(name: .long, help: "A request header the stubs match on (repeatable).")
    var captureHeader: [String] = []

    @Flag(name: .long, help: "Keep only the first answer to a repeated request instead of a scenario of all of them.")
    var noScenarios = false

    @Option(name: .long, help: "Bodies over this many bytes go to __files (binary bodies over 1 KiB always do).")
    var extractOver: Int = 10 * 1024

    @Option(name: .long, help: "Another header to redact (repeatable).")
    var redactHeader: [String] = []

    @Option(name: .long, help: "Another query parameter to redact (repeatable).")
    var redactQuery: [String] = []

    @Option(name: .long, help: "Another JSON field to redact, at any depth (repeatable).")
    var redactJSONField: [String] = []

    @Flag(name: .long, help: "Do not redact the usual credentials (Authorization, cookies, API keys, tokens, passwords).")
    var noDefaultRedaction = false

    /// The spec these options describe.
    func spec(target: String? = nil) throws -> RecordSpec {
        var filter: RequestPattern?
        if let filterURL {
            filter = .request(.any, .urlPattern(filterURL))
        }
        if let method {
            var pattern = filter ?? .anyRequest
            pattern.method = HTTPMethod(method.uppercased())
            filter = pattern
        }
        if let filter {
            do {
                try filter.validate()
            } catch {
                throw CLIError("--filter-url \(filterURL ?? ""): \(error)")
            }
        }
        let defaults = noDefaultRedaction ? RecordSpec.Redaction.none : .defaults
        return RecordSpec(
            targetBaseURL: target,
            filters: RecordSpec.Filters(request: filter),
            captureHeaders: captureHeader.map { RecordSpec.CapturedHeader($0) },
            extractBodyCriteria: RecordSpec.ExtractBodyCriteria(textSizeThreshold: extractOver, binarySizeThreshold: min(extractOver, 1024)),
            repeatsAsScenarios: !noScenarios,
            redaction: RecordSpec.Redaction(headers: defaults.headers + redactHeader,
                                            queryParameters: defaults.queryParameters + redactQuery,
                                            jsonFields: defaults.jsonFields + redactJSONField))
    }
}
