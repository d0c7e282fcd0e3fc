import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess

/// `HTTPMock(loadingMappingsFrom:)`, and `Configuration.root`, which serves `__files` only.
struct LoadingMappingsTests {
    static let root = MappingsRoot(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/api"))

    @Test func loadsTheRootsMappingsAndServesItsFiles() async throws {
        let mock = try HTTPMock(loadingMappingsFrom: Self.root, configuration: .init(journalCapacity: 3))
        #expect(mock.configuration.root == Self.root)
        #expect(mock.configuration.journalCapacity == 3)
        let response = try await get(mock, URL(string: "http://api.example.com/greeting")!)
        #expect(response.0 == 200)
        #expect(response.1 == "Hello from __files")
    }

    @Test func configurationRootAloneLoadsNoMappings() {
        #expect(HTTPMock(configuration: .init(root: Self.root)).stubMappings.isEmpty)
    }
}
