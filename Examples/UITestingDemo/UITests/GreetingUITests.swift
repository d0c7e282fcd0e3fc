import UnderstudyUITesting
import XCTest

final class GreetingUITests: UITestCase {
    @MainActor
    func testShowsTheGreetingFromTheMockServer() async throws {
        mock.route("/greeting", method: .get, responses: [.ok.body("Hello, Ada"), .ok.body("Hello again")])
        let screen = Screen(try appLaunch())

        await screen.withTextEquals("Hello, Ada").exist()
        await screen.withButton("Reload").tap()
        await screen.withTextEquals("Hello again").exist()
        await screen.withTextEquals("Loading…").notExist()

        mock.assertRequested(.exactly(2), .get(urlPath: "/greeting"))
    }
}
