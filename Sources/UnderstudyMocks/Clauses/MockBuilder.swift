/// The root of the builders `given`, `when` and `verify` return. Each generated mock has one
/// subclass per clause (the mock of `@Mockable(inheriting: Readable.self) protocol Repository: Readable` subclasses `MockReadable`'s, so it
/// builds clauses for `Readable`'s requirements too).
open class MockBuilder {
    /// The mock's state the clauses go to.
    public let mocker: Mocker

    public required init(mocker: Mocker) { self.mocker = mocker }
}
