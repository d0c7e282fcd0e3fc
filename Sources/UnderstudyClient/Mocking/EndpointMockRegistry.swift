import Understudy

/// Collects the ``EndpointMock``s started inside one test, so that the testing trait can
/// check their expectations when the test ends. Task-local: tests never see each other's.
package final class EndpointMockRegistry: Sendable {
    @TaskLocal package static var current: EndpointMockRegistry?

    private let mocks = Locked<[EndpointMock]>([])

    package init() {}

    func register(_ mock: EndpointMock) {
        mocks.withLock { $0.append(mock) }
    }

    /// The unmet expectations of every registered mock.
    package var unmetExpectations: [String] {
        mocks.withLock { $0 }.flatMap(\.unmetExpectations)
    }
}
