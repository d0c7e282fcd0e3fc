/// The message journal: the newest `capacity` events, oldest first. A ring, so that journaling
/// into a full journal (every message of a long-running socket test) costs what journaling into
/// an empty one does, rather than shifting every entry kept.
struct MessageJournal: Sendable {
    /// The most events kept; 0 keeps none.
    let capacity: Int
    private var buffer: [MessageServeEvent] = []
    /// The oldest event's index once the buffer is full.
    private var head = 0

    init(capacity: Int) { self.capacity = max(0, capacity) }

    /// The events, oldest first.
    var events: [MessageServeEvent] { head == 0 ? buffer : Array(buffer[head...] + buffer[..<head]) }

    /// Appends an event, dropping the oldest when full.
    mutating func append(_ event: MessageServeEvent) {
        guard capacity > 0 else { return }
        if buffer.count < capacity {
            buffer.append(event)
        } else {
            buffer[head] = event
            head = (head + 1) % capacity
        }
    }

    /// Removes the events `predicate` picks; returns them, oldest first.
    mutating func remove(where predicate: (MessageServeEvent) -> Bool) -> [MessageServeEvent] {
        let all = events
        buffer = all.filter { !predicate($0) }
        head = 0
        return all.filter(predicate)
    }
}
