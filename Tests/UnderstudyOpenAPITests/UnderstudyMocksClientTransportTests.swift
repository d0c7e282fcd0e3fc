import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing
import UnderstudyMocks

/// swift-openapi-runtime's `ClientTransport`, restated in a refining `@Mockable` protocol, under
/// the client swift-openapi-generator made (Generated/): the generated code encodes the request
/// and decodes the mocked answer.
@Mockable
protocol PetstoreTransport: ClientTransport {
    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?)
}

struct UnderstudyMocksClientTransportTests {
    @Test func theGeneratedClientDecodesTheMockedAnswer() async throws {
        let transport = MockPetstoreTransport()
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        given(transport).send(.any, body: .any, baseURL: .any, operationID: .value("getPetById"))
            .willReturn((HTTPResponse(status: .ok, headerFields: headers), HTTPBody(#"{"id": 1, "name": "Rex", "tag": "dog"}"#)))
        let client = Client(serverURL: try Servers.Server1.url(), transport: transport)
        let pet = try await client.getPetById(path: .init(petId: 1)).ok.body.json
        #expect(pet.name == "Rex")
        verify(transport).send(.matching { $0.method == .get && $0.path?.hasSuffix("/pets/1") == true },
                               body: .any, baseURL: .any, operationID: .value("getPetById")).called(.once)
    }

    @Test func anUnexpectedOperationThrowsItsNearMiss() async throws {
        let transport = MockPetstoreTransport()
        given(transport).send(.any, body: .any, baseURL: .any, operationID: .value("listPets"))
            .willReturn((HTTPResponse(status: .ok), nil))
        let client = Client(serverURL: try Servers.Server1.url(), transport: transport)
        await withKnownIssue {
            await #expect(throws: (any Error).self) { try await client.getPetById(path: .init(petId: 1)) }
        }
        #expect(transport.mocker.unexpectedCalls.first?.contains("✗ operationID: expected listPets, got getPetById") == true)
    }
}
