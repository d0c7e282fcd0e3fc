import Foundation
import PetStore
import Testing
import Understudy
import UnderstudyClient
import UnderstudyDoubles
import UnderstudyFakes
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The repository against typed expectations: no HTTP at all, one shared client, each test in
/// its own `withMocking` scope.
struct PetRepositoryTypedMockTests {
    /// One client for the whole suite, as an app shares one; the scopes keep tests apart.
    static let client = APIClient(baseURL: URL(string: "https://petstore.example.com")!, httpClient: HTTPMock())

    @Test func listsAndCachesThePets() async throws {
        let store = InMemoryKeyValueStore()
        let repository = PetRepository(client: Self.client, store: store)
        let pets = [Pet(id: 1, name: "Kiwi", species: "parrot")]
        try await Self.client.withMocking { mock in
            mock.expect(ListPets(), returning: pets)
            let listed = try await repository.pets()
            #expect(listed == pets)
        }
        #expect(repository.cachedPets() == pets)
    }

    @Test func aLostConnectionFallsBackToTheCache() async throws {
        let store = InMemoryKeyValueStore()
        let repository = PetRepository(client: Self.client, store: store)
        let cached = [Pet(id: 2, name: "Rex", species: "dog")]
        try await Self.client.withMocking { mock in
            mock.expect(ListPets(), returning: cached)
            mock.expect(ListPets(), throwing: URLError(.networkConnectionLost))   // as a real failure
            _ = try await repository.pets()
            let offline = try await repository.pets()
            #expect(offline == cached)
        }
    }

    @Test func addingAPetSendsItsInput() async throws {
        let repository = PetRepository(client: Self.client, store: InMemoryKeyValueStore())
        try await Self.client.withMocking { mock in
            mock.expect(AddPet(), receiving: NewPet(name: "Rex", species: "dog"), returning: Pet(id: 10, name: "Rex", species: "dog"))
            let added = try await repository.add(NewPet(name: "Rex", species: "dog"))
            #expect(added == Pet(id: 10, name: "Rex", species: "dog"))
        }
    }

    @Test func anHTTPMockAnswersWithAnyEncodable() async throws {
        let mock = HTTPMock()
        let pets = [Pet(id: 3, name: "Tom", species: "cat")]
        mock.stub(.get(urlPath: "/pets"), .ok.json(pets))
        let repository = PetRepository(client: APIClient(baseURL: URL(string: "https://petstore.example.com")!, httpClient: mock),
                                       store: InMemoryKeyValueStore())
        #expect(try await repository.pets() == pets)
        try mock.verify(.get(urlPath: "/pets"))
    }
}
