import NIOConcurrencyHelpers
import NIOCore

/// The open connections of one server: enforces the connection cap and lets shutdown
/// ask every connection to finish and then close what is left.
final class ConnectionRegistry: Sendable {
    private let channels = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Registers a new connection; returns `false` when the cap is reached.
    func admit(_ channel: any Channel) -> Bool {
        let admitted = channels.withLockedValue { channels in
            guard channels.count < limit else { return false }
            channels[ObjectIdentifier(channel)] = channel
            return true
        }
        if admitted {
            channel.closeFuture.whenComplete { [weak self] _ in
                _ = self?.channels.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(channel)) }
            }
        }
        return admitted
    }

    /// The number of open connections.
    var count: Int { channels.withLockedValue { $0.count } }

    /// Every open connection.
    var all: [any Channel] { channels.withLockedValue { Array($0.values) } }
}
