public import Foundation
import Understudy
public import UnderstudyDoubles
import UnderstudySupport

/// Identifiers counting up from `00000000-0000-0000-0000-000000000001`, so tests can name them:
/// the test side of `UUIDProvider` (`UnderstudyDoubles`).
public final class SequentialUUIDProvider: UUIDProvider {
    private let counter = Locked(0)

    public init() {}

    public func next() -> UUID {
        let value = counter.withLock { counter -> Int in
            counter += 1
            return counter
        }
        return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", value))!
    }
}
