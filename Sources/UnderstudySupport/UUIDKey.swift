public import Foundation

/// A UUID as a dictionary key, hashed as two 64-bit words. `UUID`'s own hashing feeds its 16
/// bytes through `Hasher.combine(bytes:)`, which made the call count of every served request
/// cost ~6 % of its instructions (callgrind); equality is still the UUID's.
public struct UUIDKey: Hashable, Sendable {
    public let uuid: UUID

    @inlinable
    public init(_ uuid: UUID) { self.uuid = uuid }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            hasher.combine(bytes.loadUnaligned(as: UInt64.self))
            hasher.combine(bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
    }
}
