/// Generates `Mock<Name>` for the protocol it is attached to: a mock answering every
/// requirement from `given` clauses, running `when` side effects and recording calls for
/// `verify`.
///
/// The mock is generated under `#if MOCKING || DEBUG`, so a release build carries none of it.
/// Name the `@Mockable` protocol this one refines in `inheriting:` (`@Mockable(inheriting:
/// Readable.self)` on `protocol Repository: Readable`): the mock then answers its requirements
/// too, and its clauses reach them.
///
/// ```swift
/// @Mockable
/// protocol ProductService {
///     func fetch(for id: UUID) async throws -> Product
/// }
///
/// let mock = MockProductService()
/// given(mock).fetch(for: .any).willReturn(product)
/// ```
@attached(peer, names: prefixed(Mock))
@attached(extension, names: arbitrary)
public macro Mockable(inheriting parents: Any.Type...) =
    #externalMacro(module: "UnderstudyMocksMacros", type: "MockableMacro")
