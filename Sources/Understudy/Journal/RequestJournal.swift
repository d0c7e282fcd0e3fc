import Foundation

/// The served requests of one mock, oldest first, bounded: when full, the oldest entry is
/// dropped for each new one. An entry the journal handed out is found again without a scan,
/// through the sequence number it was given.
struct RequestJournal: Sendable {
    /// WireMock's default is unbounded; ours keeps memory flat in long runs.
    static let defaultCapacity = 10_000

    /// The most entries kept; 0 disables the journal.
    let capacity: Int
    private var buffer: [ServeEvent] = []
    /// Index of the oldest entry once the buffer is full.
    private var head = 0
    /// How many entries were appended since `buffer` was last rebuilt: the next entry's
    /// sequence number. Entry `s` sits at `s % capacity`: the buffer is rebuilt with `head` at 0,
    /// and from then on slots and sequence numbers advance together.
    private var appended = 0

    init(capacity: Int = RequestJournal.defaultCapacity) {
        self.capacity = max(0, capacity)
    }

    /// The sequence number the next appended entry gets (``ServeEvent/journalSequence``, by
    /// which an entry handed out is found again), or `nil` when the journal is disabled.
    var nextSequence: Int? { capacity > 0 ? appended : nil }

    /// Appends an entry (numbered ``nextSequence``), dropping the oldest when full; returns the
    /// entry dropped, so that a caller holding a lock can let it go (freeing a request and its
    /// answer) after unlocking.
    mutating func append(_ event: ServeEvent) -> ServeEvent? {
        guard capacity > 0 else { return nil }
        appended += 1
        guard buffer.count == capacity else {
            buffer.append(event)
            return nil
        }
        let dropped = buffer[head]
        buffer[head] = event
        head = (head + 1) % capacity
        return dropped
    }

    /// All entries, oldest first.
    var events: [ServeEvent] {
        head == 0 ? buffer : Array(buffer[head...] + buffer[..<head])
    }

    /// The entry of the request with the id, if the journal still holds it.
    func event(id: UUID) -> ServeEvent? { buffer.first { $0.id == id } }

    /// Where `event` (as this journal handed it out) sits now: found from its sequence number
    /// without a scan, unless entries were removed since (then by a scan); `nil` once dropped.
    private func slot(of event: ServeEvent) -> Int? {
        if let sequence = event.journalSequence, sequence < appended, sequence >= appended - capacity {
            let slot = sequence % capacity
            if slot < buffer.count, buffer[slot].id == event.id { return slot }
        }
        return buffer.firstIndex { $0.id == event.id }
    }

    /// Removes the entries for which `shouldRemove` holds; returns how many were removed.
    @discardableResult
    mutating func removeAll(where shouldRemove: (ServeEvent) -> Bool) -> Int {
        let kept = events.filter { !shouldRemove($0) }
        let removed = buffer.count - kept.count
        buffer = kept
        head = 0
        appended = kept.count
        return removed
    }

    /// Replaces the entry `event` was journaled as (same request id), if the journal still
    /// holds it.
    mutating func replace(_ event: ServeEvent) {
        guard let slot = slot(of: event) else { return }
        buffer[slot] = event
    }
}
