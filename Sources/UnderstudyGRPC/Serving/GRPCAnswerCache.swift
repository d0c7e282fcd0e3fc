import Synchronization

/// The messages of static stubs' answers, encoded once: a stub whose answer needs nothing from
/// the request (no template, file or fault) plans the same body for every call, identified by
/// its plan's reusable key, so its JSON is parsed and encoded for the first call only (a
/// stream of 100 messages cost each call 100 messages' parsing and encoding). Holds at most
/// ``limit`` answers, dropping the oldest; emptied when the descriptor sets change.
final class GRPCAnswerCache: Sendable {
    private struct Entry {
        /// The plan's reusable key, held so that its identity is not reused while cached.
        let key: any AnyObject & Sendable
        let outputType: String
        let outcome: GRPCAnswer.Outcome
    }

    /// The most answers kept.
    let limit: Int
    private let entries = Mutex<(list: [Entry], generation: Int)>(([], 0))

    init(limit: Int = 256) { self.limit = limit }

    /// The outcome cached for `key` and `outputType`, or `make()`'s, then cached.
    /// An answer made while the cache was emptied (descriptors loaded meanwhile) is not kept: it
    /// may have been encoded by the types before.
    func outcome(for key: any AnyObject & Sendable, outputType: String, _ make: () -> GRPCAnswer.Outcome) -> GRPCAnswer.Outcome {
        let (cached, generation) = entries.withLock { entries in
            (entries.list.first { $0.key === key && $0.outputType == outputType }?.outcome, entries.generation)
        }
        if let cached { return cached }
        let outcome = make()
        entries.withLock { entries in
            guard entries.generation == generation else { return }
            if entries.list.count >= limit { entries.list.removeFirst(entries.list.count - limit + 1) }
            entries.list.append(Entry(key: key, outputType: outputType, outcome: outcome))
        }
        return outcome
    }

    /// The number of answers kept.
    var count: Int { entries.withLock { $0.list.count } }

    /// Forgets every answer (their messages were encoded by descriptor sets no longer loaded).
    func removeAll() {
        entries.withLock { entries in
            entries.list.removeAll()
            entries.generation += 1
        }
    }
}
