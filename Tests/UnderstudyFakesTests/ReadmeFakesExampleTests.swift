import Foundation
import Testing
import Understudy
import UnderstudyDoubles
import UnderstudyFakes

// The README's routes/fakes/doubles example, verbatim.
@Test func routesFakesAndImages() async throws {
    let mock = HTTPMock()
    mock.route("/users/:id", method: .get) { request, callCount in
        .ok.json(["id": .string(request.pathParameter("id") ?? ""), "call": .number(JSONNumber(callCount))])
    }
    mock.route("/login", method: .post, responses: [.unauthorized, .ok])   // in turn, the last repeats
    mock.routeImages(at: "/avatars")                                       // image/png, ?width=&height=&color=
    mock.onUnmatched { _ in .status(418) }
    _ = mock.serve(RecordedRequest(method: .get, url: "/users/7"))
    print(mock.callReport())   // GET /users/{id}: 1 response(s) defined, 1 request(s) arrived ...

    var fake = Fake(seed: 7)                  // same seed, same values, on every platform
    let user = (fake.fullName(), fake.email(), fake.city())
    let id = String.fake(.uuid)               // seed-compatible helpers; @Test(.fakes) seeds and prints them
    _ = (user, id)

    let files = InMemoryFileAccess()          // FileAccess, KeyValueStore, DateProvider, UUIDProvider:
    files.setWriteError(CocoaError(.fileWriteOutOfSpace))   // live versions by default, doubles in tests
}
