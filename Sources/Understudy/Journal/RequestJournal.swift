import Foundation

/// The served requests of one mock, oldest first, bounded: when full, the oldest entry is
/// dropped for each new one. An entry is found by its request id without a scan.
struct RequestJournal: Sendable {
    /// WireMock's default is unbounded; ours keeps memory flat in long runs.
    static let defaultCapacity = 10_000

    /// The most entries kept; 0 disables the journal.
    let capacity: Int
    private var buffer: [ServeEvent] = []
    /// Index of the oldest entry once the buffer is full.
    private var head = 0
    /// Where each entry's request id sits in `buffer`.
    private var slots: [UUID: Int] = [:]

    init(capacity: Int = RequestJournal.defaultCapacity) {
        self.capacity = max(0, capacity)
    }

    /// Appends an entry, dropping the oldest when full.
    mutating func append(_ event: ServeEvent) {
        guard capacity > 0 else { return }
        if buffer.count < capacity {
            slots[event.id] = buffer.count
            buffer.append(event)
        } else {
            if slots[buffer[head].id] == head { slots[buffer[head].id] = nil }
            slots[event.id] = head
            buffer[head] = event
            head = (head + 1) % capacity
        }
    }

    /// All entries, oldest first.
    var events: [ServeEvent] {
        head == 0 ? buffer : Array(buffer[head...] + buffer[..<head])
    }

    /// The entry of the request with the id, if the journal still holds it.
    func event(id: UUID) -> ServeEvent? { slots[id].map { buffer[$0] } }

    /// Removes the entries for which `shouldRemove` holds; returns how many were removed.
    @discardableResult
    mutating func removeAll(where shouldRemove: (ServeEvent) -> Bool) -> Int {
        let kept = events.filter { !shouldRemove($0) }
        let removed = buffer.count - kept.count
        buffer = kept
        head = 0
        slots = Dictionary(kept.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { _, last in last })
        return removed
    }

    /// Replaces the entry with the same request id, if the journal still holds it.
    mutating func replace(_ event: ServeEvent) {
        guard let slot = slots[event.id] else { return }
        buffer[slot] = event
    }
}
