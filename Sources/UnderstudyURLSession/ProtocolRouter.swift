import Foundation
import Understudy

/// Which mock each minted `URLProtocol` class serves: a routing table of weak references,
/// keyed by the class.
///
/// Why this does not break "no global state": it holds no stubs, requests or results, only
/// "class X routes to mock Y" for mocks that are alive. A mock's stubs and journal stay in
/// the mock; two tests with two mocks get two classes and never meet. Slots of mocks that
/// have gone away are reused. It has to be reachable from a class method because Foundation
/// creates `URLProtocol` instances itself and hands them nothing but the request.
final class ProtocolRouter: Sendable {
    static let shared = ProtocolRouter()

    private struct Route {
        weak var mock: HTTPMock?
        let protocolClass: AnyClass
    }

    private let routes = LockedRoutes()

    /// A class of its own for `mock`, reusing a slot whose mock has gone.
    func protocolClass(for mock: HTTPMock) -> AnyClass {
        routes.withLock { routes in
            if let existing = routes.first(where: { $0.mock === mock }) { return existing.protocolClass }
            let slot = routes.firstIndex { $0.mock == nil } ?? routes.count
            let route = Route(mock: mock, protocolClass: UnderstudyURLSession.protocolClass(forSlot: slot))
            if slot == routes.count { routes.append(route) } else { routes[slot] = route }
            return route.protocolClass
        }
    }

    /// The mock a class routes to, or `nil` when that mock is gone.
    func mock(for protocolClass: AnyClass) -> HTTPMock? {
        routes.withLock { routes in
            routes.first { $0.protocolClass == protocolClass }?.mock
        }
    }

    /// Holds the routes behind a lock.
    ///
    /// `@unchecked Sendable` is safe: `routes` is private and only read or written inside
    /// `withLock`, which holds `lock` for the whole access; the weak references and class
    /// objects it stores are themselves safe to share.
    private final class LockedRoutes: @unchecked Sendable {
        private let lock = NSLock()
        private var routes: [Route] = []

        func withLock<Result>(_ body: (inout [Route]) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&routes)
        }
    }
}
