public import Understudy
// URLSession and URLRequest live in FoundationNetworking on Linux and in Foundation on Apple
// platforms; the module that declares them is imported publicly on each.
#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

extension HTTPMock {
    /// A session whose requests are all answered by this mock, in process. Unmatched
    /// requests fail with a `URLError` whose description is the near-miss report; nothing
    /// reaches the network.
    ///
    /// Each mock gets a `URLProtocol` class of its own (so parallel tests with their own mocks
    /// never see each other's stubs); keep the mock alive while the session is used.
    public func urlSession(configuration: URLSessionConfiguration = .ephemeral) -> URLSession {
        let configuration = configuration.copy() as? URLSessionConfiguration ?? configuration
        let own: AnyClass = ProtocolRouter.shared.protocolClass(for: self)
        configuration.protocolClasses = [own] + (configuration.protocolClasses ?? [])
        return URLSession(configuration: configuration)
    }
}
