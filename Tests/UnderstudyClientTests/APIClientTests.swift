import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyInProcess
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The networking layer against an HTTPMock (the direct transport): real request building,
/// real decoding, no sockets.
struct APIClientTests {
    @Test func buildsRequestsWithJSONHeadersQueryAndBearerToken() async throws {
        let http = HTTPMock()
        http.stub(.get(urlPath: "/users").queryParameter("page", "1")
                    .header("Accept", "application/json").header("Authorization", "Bearer t0k3n"),
                  .ok.json([["id": 1, "full_name": "Ada Lovelace", "created_at": "2024-05-01T10:00:00Z"]]))
        let client = APIClient(baseURL: baseURL, httpClient: http, authTokenProvider: { "t0k3n" })
        let users = try await client.send(ListUsers())
        #expect(users == [User(id: 1, fullName: "Ada Lovelace", createdAt: Date(timeIntervalSince1970: 1_714_557_600))])
    }

    @Test func encodesInputAsSnakeCaseJSON() async throws {
        let http = HTTPMock()
        http.stub(.post(urlPath: "/users").header("Content-Type", "application/json")
                    .body(.equalToJson(["full_name": "Ada", "address": ["city": "Rome", "street": "Via Appia"]])),
                  .created.json(["id": 7, "full_name": "Ada"]))
        let client = APIClient(baseURL: baseURL, httpClient: http)
        let user = try await client.send(CreateUser(), with: NewUser(fullName: "Ada", address: Address(city: "Rome", street: "Via Appia")))
        #expect(user.id == 7)
    }

    @Test func emptyEndpointsSendNoBody() async throws {
        let http = HTTPMock()
        http.stub(.delete(urlPath: "/session").body(.absent), .noContent)
        try await APIClient(baseURL: baseURL, httpClient: http).send(Logout())
        #expect(http.serveEvents.first?.request.body.isEmpty == true)
    }

    @Test func statusCodesBecomeAPIErrors() async throws {
        let http = HTTPMock()
        http.stub(.get(urlPath: "/users/1"), .unauthorized)
        http.stub(.get(urlPath: "/users/2"), .status(503).body("maintenance"))
        let client = APIClient(baseURL: baseURL, httpClient: http)
        do {
            _ = try await client.send(GetUser(id: 1))
            Issue.record("expected unauthorized")
        } catch let error as APIError {
            #expect(error.statusCode == 401)
            #expect(error.localizedDescription == "Unauthorized (401): sign in again or check the token")
        }
        do {
            _ = try await client.send(GetUser(id: 2))
            Issue.record("expected a 503")
        } catch let error as APIError {
            #expect(error == .status(503, body: Data("maintenance".utf8)))
            #expect(error.statusCode == 503)
            #expect(error.body == Data("maintenance".utf8))
            #expect(error.urlError == nil)
            #expect(error.localizedDescription == "The server answered 503: maintenance")
            switch error.kind {
            case .status(let code, let body): #expect(code == 503 && body == Data("maintenance".utf8))
            default: Issue.record("expected the status kind, got \(error.kind)")
            }
        }
    }

    @Test func decodingErrorsNameTheCodingPath() async throws {
        let http = HTTPMock()
        http.stub(.get(urlPath: "/users/3"), .ok.json(["id": 3, "full_name": "Ada", "address": ["city": 12, "street": "x"]]))
        do {
            _ = try await APIClient(baseURL: baseURL, httpClient: http).send(GetUser(id: 3))
            Issue.record("expected a decoding error")
        } catch let error as APIError {
            #expect(error.codingPath == "address.city")
            #expect(error.statusCode == nil)
            #expect(error.localizedDescription.hasPrefix("Cannot decode User at address.city: "))
        }
    }

    @Test func transportFailuresKeepTheURLError() async throws {
        let http = HTTPMock()
        http.stub(.get(urlPath: "/users/4"), .fault(.connectionResetByPeer))
        do {
            _ = try await APIClient(baseURL: baseURL, httpClient: http).send(GetUser(id: 4))
            Issue.record("expected a transport error")
        } catch let error as APIError {
            #expect(error.urlError?.code == .networkConnectionLost)
        }
    }

    @Test func cancellationIsReported() async throws {
        let http = HTTPMock()
        http.stub(.get(urlPath: "/users/5"), .ok.json(["id": 5, "full_name": "x"]).delayed(by: .seconds(30)))
        let client = APIClient(baseURL: baseURL, httpClient: http)
        let call = Task { try await client.send(GetUser(id: 5)) }
        try await http.waitForRequests(matching: .get(urlPath: "/users/5"))
        call.cancel()
        do {
            _ = try await call.value
            Issue.record("expected cancellation")
        } catch let error as APIError {
            #expect(error == .cancelled)
        }
    }

    @Test func downloadsLandInAFile() async throws {
        let http = HTTPMock()
        http.stub(.get(urlPath: "/users/1/avatar"), .ok.body(Data([0x89, 0x50, 0x4E, 0x47])))
        let file = try await APIClient(baseURL: baseURL, httpClient: http).download(DownloadAvatar(id: 1))
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Data(contentsOf: file) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func anHTTPClientOverrideIsScopedToItsTask() async throws {
        struct Canned: HTTPClient {
            func data(for request: URLRequest) async throws -> (Data, URLResponse) {
                (Data(#"{"id": 9, "full_name": "Handled"}"#.utf8),
                 HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!)
            }
        }
        let http = HTTPMock()
        http.stub(.get(urlPath: "/users/9"), .ok.json(["id": 9, "full_name": "From the mock"]))
        let client = APIClient(baseURL: baseURL, httpClient: http)
        let handled = try await withHTTPClient(Canned()) { try await client.send(GetUser(id: 9)) }
        #expect(handled.fullName == "Handled")
        #expect(try await client.send(GetUser(id: 9)).fullName == "From the mock")
        #expect(http.serveEvents.count == 1)
    }
}
