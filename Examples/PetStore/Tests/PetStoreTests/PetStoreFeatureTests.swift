import Foundation
import PetStore
import Testing
import Understudy
import UnderstudyClient
import UnderstudyFakes
import UnderstudyTesting

/// The pet list feature end to end, over each transport.
@MainActor
struct PetStoreFeatureTests {
    /// Test data from the fakes module with a fixed seed.
    static func pets(_ count: Int) -> [Pet] {
        var fake = Fake(seed: 2026)
        return (1...count).map { Pet(id: $0, name: fake.firstName(), species: fake.element(of: ["dog", "cat", "parrot"]) ?? "dog") }
    }

    static func json(_ pets: [Pet]) -> JSONValue {
        .array(pets.map { ["id": .number(JSONNumber($0.id)), "name": .string($0.name), "species": .string($0.species)] })
    }

    @Test(arguments: Transport.allCases)
    func fetchAndDisplay(_ transport: Transport) async throws {
        let pets = Self.pets(3)
        try await TestEnvironment.with(transport) { env in
            env.mock.stub(.get(urlPath: "/pets"), .ok.json(Self.json(pets)))
            #expect(env.viewModel.state == .idle)
            await env.viewModel.load()
            #expect(env.viewModel.state == .loaded)
            #expect(env.viewModel.items == pets)
        }
    }

    @Test(arguments: Transport.allCases)
    func cachedListServesWhenOffline(_ transport: Transport) async throws {
        let pets = Self.pets(2)
        try await TestEnvironment.with(transport) { env in
            env.mock.stub(StubMapping(.get(urlPath: "/pets"), .ok.json(Self.json(pets))).inScenario("network", whenState: Scenario.started, willSetState: "down"))
            env.mock.stub(StubMapping(.get(urlPath: "/pets"), .serverError).inScenario("network", whenState: "down", willSetState: "gone"))
            env.mock.stub(StubMapping(.get(urlPath: "/pets"), .fault(.connectionResetByPeer)).inScenario("network", whenState: "gone"))
            await env.viewModel.load()                       // online: fills the cache
            await env.viewModel.load()                       // 500: served from the cache
            #expect(env.viewModel.state == .loaded)
            #expect(env.viewModel.items == pets)
            await env.viewModel.load()                       // connection reset: still the cache
            #expect(env.viewModel.items == pets)
            // Over a real socket, URLSession retries an idempotent GET once when a reused
            // connection is reset, so the server may see a fourth request.
            try env.mock.verify(transport == .server ? .atLeast(3) : .exactly(3), .get(urlPath: "/pets"))
        }
    }

    @Test(arguments: Transport.allCases)
    func addingAPetPostsItsJSONAndStoresIt(_ transport: Transport) async throws {
        try await TestEnvironment.with(transport) { env in
            env.mock.stub(.post(urlPath: "/pets").body(.equalToJson(["name": "Rex", "species": "dog"])),
                          .created.json(["id": 10, "name": "Rex", "species": "dog"]))
            await env.viewModel.add(name: "Rex", species: "dog")
            #expect(env.viewModel.items == [Pet(id: 10, name: "Rex", species: "dog")])
            #expect(env.repository.cachedPets() == [Pet(id: 10, name: "Rex", species: "dog")])
            let post = try #require(env.mock.requests(matching: .post(urlPath: "/pets")).first)
            #expect(try JSONValue(parsing: post.body) == ["name": "Rex", "species": "dog"])
        }
    }

    @Test(arguments: Transport.allCases)
    func serverErrorShowsErrorAndWritesNothing(_ transport: Transport) async throws {
        try await TestEnvironment.with(transport) { env in
            env.mock.stub(.get(urlPath: "/pets"), .serverError.body("database down"))
            env.mock.stub(.post(urlPath: "/pets"), .serverError)
            await env.viewModel.load()
            #expect(env.viewModel.state == .error("The server answered 500: database down"))
            await env.viewModel.add(name: "Tom", species: "cat")
            #expect(env.viewModel.items.isEmpty)
            #expect(env.store.data(forKey: PetRepository.cacheKey) == nil)
        }
    }

    @Test(arguments: Transport.allCases)
    func everyRequestCarriesJSONHeadersAndTheToken(_ transport: Transport) async throws {
        try await TestEnvironment.with(transport) { env in
            env.mock.stub(.get(urlPath: "/pets"), .ok.json([]))
            env.mock.stub(.post(urlPath: "/pets"), .created.json(["id": 1, "name": "Rex", "species": "dog"]))
            await env.viewModel.load()
            await env.viewModel.add(name: "Rex", species: "dog")
            let authenticated = RequestPattern(method: .any, url: .urlPath("/pets"))
                .header("Authorization", .equalTo("Bearer \(TestEnvironment.token)"))
                .header("Accept", .contains("application/json"))
            try env.mock.verify(.exactly(2), authenticated)
            try env.mock.verify(.exactly(1), .post(urlPath: "/pets").header("Content-Type", .contains("application/json")))
        }
    }

    @Test(arguments: Transport.allCases)
    func scenarioEmptyThenAddedThenListed(_ transport: Transport) async throws {
        try await TestEnvironment.with(transport) { env in
            env.mock.stub(StubMapping(.get(urlPath: "/pets"), .ok.json([])).inScenario("pets", whenState: Scenario.started))
            env.mock.stub(StubMapping(.post(urlPath: "/pets"), .created.json(["id": 5, "name": "Kiwi", "species": "parrot"]))
                .inScenario("pets", whenState: Scenario.started, willSetState: "added"))
            env.mock.stub(StubMapping(.get(urlPath: "/pets"), .ok.json([["id": 5, "name": "Kiwi", "species": "parrot"]]))
                .inScenario("pets", whenState: "added"))
            await env.viewModel.load()
            #expect(env.viewModel.items.isEmpty)
            await env.viewModel.add(name: "Kiwi", species: "parrot")
            await env.viewModel.load()
            #expect(env.viewModel.items == [Pet(id: 5, name: "Kiwi", species: "parrot")])
        }
    }

    @Test(arguments: Transport.allCases)
    func slowResponseCancelledLeavesNoPartialState(_ transport: Transport) async throws {
        try await TestEnvironment.with(transport) { env in
            env.mock.stub(.get(urlPath: "/pets"), .ok.json(Self.json(Self.pets(1))).delayed(by: .seconds(20)))
            let viewModel = env.viewModel
            let load = Task { await viewModel.load() }
            try await env.mock.waitForRequests(matching: .get(urlPath: "/pets"))
            #expect(viewModel.state == .loading)
            load.cancel()
            await load.value
            #expect(viewModel.state == .idle)
            #expect(viewModel.items.isEmpty)
            #expect(env.store.data(forKey: PetRepository.cacheKey) == nil)
        }
    }
}
