import Foundation
import UnderstudyClient
import UnderstudyDoubles

/// Fetches pets from the API and keeps the last good list in a key-value store, so the app
/// still shows pets when the server fails or the network is gone.
public struct PetRepository: Sendable {
    /// Where the cached list lives in the store.
    public static let cacheKey = "pets.cache"
    /// Where the auth token lives in the store.
    public static let tokenKey = "auth.token"

    let client: APIClient
    let store: any KeyValueStore

    public init(client: APIClient, store: any KeyValueStore = UserDefaultsStore()) {
        self.client = client
        self.store = store
    }

    /// An API client for `baseURL` that sends the stored token as `Authorization: Bearer`.
    public static func client(baseURL: URL, httpClient: any HTTPClient, store: any KeyValueStore) -> APIClient {
        APIClient(baseURL: baseURL, httpClient: httpClient, authTokenProvider: { store.string(forKey: tokenKey) })
    }

    /// The pets from the API; from the cache when the API fails (server error or network).
    public func pets() async throws -> [Pet] {
        do {
            let pets = try await client.send(ListPets())
            try? store.set(try JSONEncoder().encode(pets), forKey: Self.cacheKey)
            return pets
        } catch let error as APIError where error == .cancelled {
            throw error
        } catch {
            if let cached = cachedPets() { return cached }
            throw error
        }
    }

    /// Adds a pet through the API, then to the cache; nothing is written when the API fails.
    public func add(_ pet: NewPet) async throws -> Pet {
        let added = try await client.send(AddPet(), with: pet)
        let pets = (cachedPets() ?? []) + [added]
        try store.set(try JSONEncoder().encode(pets), forKey: Self.cacheKey)
        return added
    }

    /// The cached list, if any.
    public func cachedPets() -> [Pet]? {
        store.data(forKey: Self.cacheKey).flatMap { try? JSONDecoder().decode([Pet].self, from: $0) }
    }
}
