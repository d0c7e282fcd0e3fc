/// The root of an in-memory screen: its elements exist, and changes scheduled with
/// ``after(_:_:)`` happen when its ``VirtualClock`` reaches their time (the next time
/// anything on the screen is read).
///
/// ```swift
/// let clock = VirtualClock()
/// let root = InMemoryScreen(clock: clock, children: [.text("Loading…")])
/// root.after(.seconds(2)) { root.add(.button("Continue")) }
/// let screen = Screen(root, clock: clock)
/// ```
@MainActor
public final class InMemoryScreen: InMemoryElement {
    /// The clock whose time the schedule follows.
    public let clock: VirtualClock
    /// Whether the application is running; a screen that is not has no elements that exist.
    public var isRunning = true
    private var schedule: [(at: VirtualClock.Instant, order: Int, change: @MainActor () -> Void)] = []
    private var scheduled = 0

    /// A running screen with the given elements, following `clock`.
    public init(clock: VirtualClock, children: [InMemoryElement] = []) {
        self.clock = clock
        super.init(.application, children: children)
    }

    /// Schedules `change` (adding, editing or removing elements) for `delay` after the clock's
    /// current time; changes due at the same time run in the order they were scheduled.
    public func after(_ delay: Duration, _ change: @escaping @MainActor () -> Void) {
        scheduled += 1
        schedule.append((clock.now.advanced(by: delay), scheduled, change))
    }

    override var isOnScreen: Bool { isRunning }

    /// Runs, in time order, every scheduled change whose time has come.
    func runDueChanges() {
        let now = clock.now
        while let next = schedule.indices.filter({ schedule[$0].at <= now })
            .min(by: { (schedule[$0].at, schedule[$0].order) < (schedule[$1].at, schedule[$1].order) }) {
            let change = schedule.remove(at: next).change
            change()
        }
    }
}
