/// The limits an HTTP/2 connection advertises and enforces.
struct HTTP2Limits: Sendable {
    var maxConcurrentStreams = 100
    var maxHeaderListSize = 80 * 1024
    var maxFrameSize = 16_384

    init() {}

    init(_ settings: HTTPSConfiguration) {
        maxConcurrentStreams = settings.maxConcurrentStreams
        maxHeaderListSize = settings.maxHeaderListSize
        maxFrameSize = settings.maxFrameSize
    }

    /// Throws when a limit is outside what HTTP/2 allows.
    func validate() throws(TLSSetupError) {
        guard (16_384...16_777_215).contains(maxFrameSize) else {
            throw .invalidSetting("maxFrameSize must be between 16384 and 16777215 (HTTP/2's limits), got \(maxFrameSize)")
        }
        guard maxConcurrentStreams > 0, maxHeaderListSize > 0 else {
            throw .invalidSetting("maxConcurrentStreams and maxHeaderListSize must be above 0")
        }
    }
}
