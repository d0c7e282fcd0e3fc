import Understudy

/// The typed expectations a test left unmet, for the testing trait's end-of-test check.
///
/// ``APIClient/withMocking(order:isolation:_:)`` scopes check their own expectations when they
/// end (and throw), so nothing registers here any more; the type remains so that the trait
/// compiles until its check is removed.
package final class EndpointMockRegistry: Sendable {
    @TaskLocal package static var current: EndpointMockRegistry?

    package init() {}

    /// Always empty: scopes report their own unmet expectations.
    package var unmetExpectations: [String] { [] }
}
