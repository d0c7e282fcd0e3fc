import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Understudy
import UnderstudyPostgres
import UnderstudyServer
import UnderstudyTestSupport

/// Mock servers that share one PostgreSQL database, each with its own store (connections,
/// caches, listener), as separate processes behind a load balancer would be.
struct SharedInstances {
    struct Instance {
        let server: MockServer
        let store: PostgresStateStore
        var mock: HTTPMock { server.mock }
        let baseURL: URL
    }

    let instances: [Instance]
    subscript(index: Int) -> Instance { instances[index] }

    /// Starts `count` instances on the database at `url`.
    static func start(_ count: Int, url: String, timeout: Duration = .seconds(5)) async throws -> SharedInstances {
        var instances: [Instance] = []
        for _ in 0..<count {
            // As `understudy serve --store` reads the stored stubs: with every extension.
            let store = try PostgresStateStore(url: url, timeout: timeout, mappingExtensions: .understudy)
            let server = MockServer(mock: HTTPMock(sharing: store))
            try await server.start()
            instances.append(Instance(server: server, store: store, baseURL: try server.baseURL))
        }
        return SharedInstances(instances: instances)
    }

    /// Stops every instance.
    func stop() async {
        for instance in instances {
            try? await instance.server.shutdown()
            instance.store.close()
        }
    }

    /// Runs `body` with `count` instances on a fresh database of `cluster`, stopped afterwards.
    static func with<T>(_ count: Int, on cluster: PostgresCluster, timeout: Duration = .seconds(5),
                        _ body: (SharedInstances) async throws -> T) async throws -> T {
        let instances = try await start(count, url: try await cluster.makeDatabase(), timeout: timeout)
        do {
            let result = try await body(instances)
            await instances.stop()
            return result
        } catch {
            await instances.stop()
            throw error
        }
    }
}

/// A response as a test sees it.
struct TestResponse {
    var status: Int
    var body: String
}

/// Sends a request with AsyncHTTPClient and reads the whole response.
func send(_ url: URL, _ path: String, method: String = "GET", body: String? = nil) async throws -> TestResponse {
    var request = HTTPClientRequest(url: url.absoluteString + path)
    request.method = .init(rawValue: method)
    if let body { request.body = .bytes(Array(body.utf8)) }
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
    let bytes = try await response.body.collect(upTo: 16 * 1024 * 1024)
    return TestResponse(status: Int(response.status.code), body: String(buffer: bytes))
}
