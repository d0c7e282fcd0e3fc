/// How a wait ended.
enum PollOutcome<Value> {
    case ready(Value)
    /// The timeout passed; the reason the last look gave, how long it waited, how many looks.
    case timedOut(reason: String, waited: Duration, checks: Int)
    /// The task was cancelled while waiting.
    case cancelled(reason: String, waited: Duration, checks: Int)
    /// The waiting settings cannot work (a poll interval that is not positive).
    case invalid(String)
}
