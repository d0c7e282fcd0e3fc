import Foundation
import UnderstudyMocks

/// The app's clock boundary: a focused protocol, a live default, a mock for tests.
@Mockable
protocol Clock: Sendable {
    func now() -> Date
}

struct SystemClock: Clock {
    func now() -> Date { Date() }
}

let clock: any Clock = SystemClock()
print(clock.now() > Date.distantPast ? "ticking" : "stopped")
