/// What one look at the screen found: what the step waits for, or why it is not there yet.
enum Probe<Value> {
    case ready(Value)
    /// Not yet, and why (`no element matches`, `it exists but is not enabled`).
    case waiting(String)
}
