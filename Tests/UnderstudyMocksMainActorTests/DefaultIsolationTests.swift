// This target is built with `.defaultIsolation(MainActor.self)` (SE-0466), the setting of a new
// Xcode 26 app target: every declaration here without an isolation of its own is on the main
// actor. Mockable's mocks stop compiling there (Mockable #130: a main-actor mock cannot satisfy
// a `nonisolated` protocol's requirements). Understudy's mock types and their implementations
// are declared `nonisolated` unless their protocol names a global actor or is an actor's, so
// each mock keeps its protocol's isolation whatever the module's default.
//
// The suite itself is `nonisolated`: Swift Testing 6.3.1's `@Test` does not compile on a
// main-actor test function on Linux (its test record is then no compile-time constant); the
// main-actor code under test is reached with `await`, as from any test.
import Testing
import UnderstudyMocks

/// Inferred `@MainActor` by the module's default: its mock is `nonisolated`, which satisfies
/// main-actor requirements and can be used from any isolation.
@Mockable
protocol Greeter {
    func greet(_ name: String) -> String
    var greetings: Int { get set }
}

/// Declared `nonisolated`: its mock is called from any task, off the main actor.
@Mockable
nonisolated protocol Fetching: Sendable {
    func fetch(_ path: String) async throws -> String
    func cached(_ path: String) -> String?
}

/// A main-actor view model (inferred) that takes a nonisolated boundary.
final class ProfileModel {
    let fetching: any Fetching
    var name = ""
    init(fetching: any Fetching) { self.fetching = fetching }
    func load() async throws { name = try await fetching.fetch("/me") }
}

nonisolated struct DefaultIsolationTests {
    @Test func aProtocolOnTheMainActorByDefaultIsMockedByANonisolatedMock() {
        let mock = MockGreeter()
        given(mock).greet(.value("Ada")).willReturn("Hello, Ada").greetings.willReturn(0)
        #expect(mock.greet("Ada") == "Hello, Ada")
        mock.greetings = 2
        #expect(mock.greetings == 2)
        verify(mock).greet(.any).called(.once).greetings(newValue: .value(2)).setCalled(.once)
    }

    @Test func aNonisolatedProtocolsMockIsCalledFromManyTasksOffTheMainActor() async throws {
        let mock = MockFetching()
        given(mock).fetch(.any).willProduce { path in "body of \(path)" }
        given(mock).cached(.any).willReturn(nil)
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<200 {
                group.addTask { @concurrent in
                    #expect(mock.cached("/\(index)") == nil)
                    return try await mock.fetch("/\(index)")
                }
            }
            var bodies: [String] = []
            for try await body in group { bodies.append(body) }
            return bodies
        }
        #expect(Set(bodies).count == 200)
        verify(mock).fetch(.any).called(200).cached(.any).called(200)
    }

    @Test func aMainActorTypeUsesTheNonisolatedMock() async throws {
        let mock = MockFetching()
        given(mock).fetch(.value("/me")).willReturn("Ada")
        let model = await ProfileModel(fetching: mock)
        try await model.load()
        #expect(await model.name == "Ada")
        verify(mock).fetch(.value("/me")).called(.once)
    }
}
