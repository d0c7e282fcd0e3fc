public import Foundation
import UnderstudySupport

extension UUID {
    /// A random (version 4) UUID drawn from the system's generator.
    ///
    /// `UUID()` on Linux opens `/dev/urandom` for every id, which showed up as a tenth of the
    /// server's time per request; this draws the same randomness with one `getrandom` call.
    @usableFromInline
    package static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        return version4(using: &generator)
    }
}
