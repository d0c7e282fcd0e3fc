import NIOConcurrencyHelpers
import NIOCore

/// The open connections of one server: enforces the connection cap and lets shutdown
/// ask every connection to finish and then close what is left.
final class ConnectionRegistry: Sendable {
    private struct Storage {
        var channels: [ObjectIdentifier: any Channel] = [:]
        var admitting = true
    }

    private let storage = NIOLockedValueBox(Storage())
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Registers a new connection; returns `false` when the cap is reached or the server
    /// is shutting down.
    func admit(_ channel: any Channel) -> Bool {
        let admitted = storage.withLockedValue { storage in
            guard storage.admitting, storage.channels.count < limit else { return false }
            storage.channels[ObjectIdentifier(channel)] = channel
            return true
        }
        if admitted {
            channel.closeFuture.whenComplete { [weak self] _ in
                _ = self?.storage.withLockedValue { $0.channels.removeValue(forKey: ObjectIdentifier(channel)) }
            }
        }
        return admitted
    }

    /// Refuses every later connection and returns the open ones: after this call the
    /// returned list is every connection the server will ever have to close.
    func stopAdmitting() -> [any Channel] {
        storage.withLockedValue { storage in
            storage.admitting = false
            return Array(storage.channels.values)
        }
    }

    /// The number of open connections.
    var count: Int { storage.withLockedValue { $0.channels.count } }
}
