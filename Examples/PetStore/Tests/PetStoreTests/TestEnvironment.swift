import Foundation
import PetStore
import Understudy
import UnderstudyClient
import UnderstudyDoubles
import UnderstudyFakes
import UnderstudyTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the app under test reaches the mock: direct, URLSession or loopback server, the
/// harness UnderstudyTesting ships.
typealias Transport = MockTransport

/// Everything a feature test needs, wired in one call: mock, in-memory store (holding an
/// auth token), client, repository and view model, over one of the three transports.
@MainActor
struct TestEnvironment {
    let mock: HTTPMock
    let store: InMemoryKeyValueStore
    let repository: PetRepository
    let viewModel: PetListViewModel

    static let token = "test-token"

    /// Runs `body` with a fresh environment; the server (when used) is always shut down.
    static func with(_ transport: Transport, _ body: @MainActor (TestEnvironment) async throws -> Void) async throws {
        let mock = HTTPMock()
        let store = InMemoryKeyValueStore([PetRepository.tokenKey: Data(token.utf8)])
        func make(_ httpClient: any HTTPClient, _ baseURL: URL) -> TestEnvironment {
            let client = PetRepository.client(baseURL: baseURL, httpClient: httpClient, store: store)
            let repository = PetRepository(client: client, store: store)
            return TestEnvironment(mock: mock, store: store, repository: repository, viewModel: PetListViewModel(repository: repository))
        }
        let apiURL = URL(string: "https://petstore.example.com")!
        try await transport.withClient(for: mock, baseURL: apiURL) { httpClient, baseURL in
            try await body(make(httpClient, baseURL))
        }
    }
}
