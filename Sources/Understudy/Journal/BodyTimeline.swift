/// When each piece of a response body arrived, counted from when the request was sent: what
/// recording turns into the pauses of an `eventStream` or `chunks` stub.
///
/// The loopback server's proxy keeps one for every answer it relays
/// (``ServeEvent/upstreamBodyTimeline``), measured on a monotonic clock from when it forwarded
/// the request to each piece read from upstream. Counted from the request rather than from the
/// head, the time up to a piece is never shorter than the time upstream took to send it,
/// however late the proxy read the head. The in-process transports receive upstream's body in
/// one piece and keep none.
public struct BodyTimeline: Sendable, Hashable {
    /// A run of body bytes read from upstream at once.
    public struct Piece: Sendable, Hashable {
        /// How many bytes the piece holds.
        public var byteCount: Int
        /// When it arrived, counted from when the request was sent.
        public var arrival: Duration

        /// A piece of `byteCount` bytes that arrived `arrival` after the request was sent.
        public init(byteCount: Int, arrival: Duration) {
            self.byteCount = byteCount
            self.arrival = arrival
        }
    }

    /// The pieces in the order they arrived; their byte counts add up to the body's length.
    public var pieces: [Piece]

    /// A timeline of `pieces`.
    public init(pieces: [Piece] = []) {
        self.pieces = pieces
    }

    /// The body's length: the pieces' byte counts added up.
    public var byteCount: Int { pieces.reduce(0) { $0 + $1.byteCount } }

    /// The time from the first piece to the last; zero for fewer than two pieces.
    public var spread: Duration {
        guard let first = pieces.first, let last = pieces.last else { return .zero }
        return last.arrival - first.arrival
    }
}
