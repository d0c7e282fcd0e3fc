import Foundation
import Understudy
import UnderstudySupport

/// Which mock each minted `URLProtocol` class serves: a routing table of weak references,
/// keyed by the class.
///
/// Why this does not break "no global state": it holds no stubs, requests or results, only
/// "class X routes to mock Y" for mocks that are alive. A mock's stubs and journal stay in
/// the mock; two tests with two mocks get two classes and never meet. Slots are never
/// reused, so a session that outlives its mock can never reach a later test's mock (it fails
/// instead); each slot costs one small type-metadata record for the life of the process.
/// It has to be reachable from a class method because Foundation creates `URLProtocol`
/// instances itself and hands them nothing but the request.
final class ProtocolRouter: Sendable {
    static let shared = ProtocolRouter()

    private struct Route: Sendable {
        weak var mock: HTTPMock?
        let protocolClass: AnyClass
    }

    private struct State: Sendable {
        var routes: [Route] = []
        var nextSlot = 0
    }

    private let routes = Locked(State())

    /// A class of its own for `mock` (the same one for every session of that mock).
    func protocolClass(for mock: HTTPMock) -> AnyClass {
        routes.withLock { state in
            state.routes.removeAll { $0.mock == nil }
            if let existing = state.routes.first(where: { $0.mock === mock }) { return existing.protocolClass }
            let route = Route(mock: mock, protocolClass: UnderstudyURLSession.protocolClass(forSlot: state.nextSlot))
            state.nextSlot += 1
            state.routes.append(route)
            return route.protocolClass
        }
    }

    /// The mock a class routes to, or `nil` when that mock is gone.
    func mock(for protocolClass: AnyClass) -> HTTPMock? {
        routes.withLock { state in
            state.routes.first { $0.protocolClass == protocolClass }?.mock
        }
    }
}
