/// The running state of one ``RequestPattern`` evaluation: each field is checked in turn and
/// what is kept depends on the mode.
struct RequestPatternEvaluation {
    enum Mode {
        /// Stop at the first miss; keep nothing but whether a field missed.
        case firstMiss
        /// Grade every field; no text.
        case graded
        /// Grade every field and describe it.
        case detailed
        /// Match nothing; only add up the weights of the fields the pattern constrains.
        case weighing
    }

    let mode: Mode
    /// What the route index proved about the URL when it offered the stub (`firstMiss` mode
    /// only), so that it is not checked again.
    let indexProof: IndexProof
    /// Whether some field checked so far differs.
    private(set) var missed = false
    private var parts: [(result: MatchResult, weight: Double)] = []
    /// The summed weight of the fields checked (`weighing` mode only).
    private(set) var totalWeight = 0.0
    /// One line per checked field (`detailed` mode only).
    private(set) var comparisons: [FieldComparison] = []

    init(mode: Mode) {
        self.mode = mode
        indexProof = .none
    }

    /// A `firstMiss` evaluation that does not check again what the index proved.
    init(firstMissGiven proof: IndexProof) {
        mode = .firstMiss
        indexProof = proof
    }

    /// Whether the remaining fields can be skipped.
    var done: Bool { mode == .firstMiss && missed }

    /// In `firstMiss` mode, takes a field's result computed by the caller and returns `true`;
    /// in the other modes returns `false`, and the caller goes on to ``check``. For the fields
    /// every stub has (method, URL): a call of ``check`` forms its closures, and they copied
    /// the URL pattern for every candidate stub.
    mutating func tookFirstMiss(_ result: @autoclosure () -> MatchResult) -> Bool {
        guard mode == .firstMiss else { return false }
        if !missed, !result().isExactMatch { missed = true }
        return true
    }

    /// The weighted aggregate of the fields checked (`graded` and `detailed` modes).
    var result: MatchResult { MatchResult.aggregate(parts) }

    /// Checks one field. `field`, `expected`, `actual` and `abandoned` are only evaluated in
    /// `detailed` mode, so the other modes build no text.
    mutating func check(
        _ field: @autoclosure () -> String,
        _ expected: @autoclosure () -> String,
        _ weight: Double,
        actual: () -> String,
        abandoned: () -> Bool = { false },
        explanation: () -> String? = { nil },
        _ match: () -> MatchResult
    ) {
        if done { return }
        if mode == .weighing {
            totalWeight += weight
            return
        }
        let result = match()
        if !result.isExactMatch { missed = true }
        if mode == .firstMiss { return }
        parts.append((result, weight))
        if mode == .detailed {
            // Only for reports, and only on a miss: asking again costs a second budget.
            var expected = !result.isExactMatch && abandoned() ? expected() + " " + RegexOutcome.abandonedNote : expected()
            if !result.isExactMatch, let explanation = explanation() { expected += " (\(explanation))" }
            comparisons.append(FieldComparison(field: field(), expected: expected, actual: actual(), result: result, weight: weight))
        }
    }
}
