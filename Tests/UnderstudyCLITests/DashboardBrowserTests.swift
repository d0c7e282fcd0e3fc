import Foundation
import Testing
import UnderstudyTestSupport

/// The dashboard in a real browser: `Tests/E2E/dashboard.py` drives headless Chromium with
/// Selenium against `understudy serve --admin-token` on a root with one stub, and checks that
/// requests sent after the page opened show up live (matched, unmatched with its near miss,
/// namespaced), that the filters work, and that "make a stub" creates a stub the server then
/// uses. It saves a screenshot to `$UNDERSTUDY_ARTIFACTS/dashboard.png` (default
/// `.build/artifacts/dashboard.png`). Skipped when Chromium, chromedriver or Selenium is
/// missing, unless `UNDERSTUDY_REQUIRE_PYTHON_E2E=1`, which turns that into a failure (CI sets it).
struct DashboardBrowserTests {
    static let e2e = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("E2E")

    static let toolsArePresent = ChildProcess.pythonCanImport("selenium")
        && (try? ChildProcess.runSynchronously(["sh", "-c", "command -v chromedriver && (command -v chromium || command -v chromium-browser)"]))?.status == 0

    /// Where the screenshot goes.
    static var screenshot: URL {
        let folder = ProcessInfo.processInfo.environment["UNDERSTUDY_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/artifacts").standardizedFileURL
        return folder.appendingPathComponent("dashboard.png")
    }

    @Test(.timeLimit(.minutes(2)),
          .enabled(if: toolsArePresent || ChildProcess.pythonRequired,
                   "needs `apt-get install chromium chromium-driver` and `pip install selenium==4.51.0` (set UNDERSTUDY_REQUIRE_PYTHON_E2E=1 to make this a failure)"))
    func theDashboardShowsTrafficLiveAndMakesStubs() async throws {
        guard Self.toolsArePresent else {
            Issue.record("UNDERSTUDY_REQUIRE_PYTHON_E2E=1 but Chromium, chromedriver or Selenium is missing; run: apt-get install chromium chromium-driver && pip install selenium==4.51.0")
            return
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-dashboard-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"{"name": "hello", "request": {"method": "GET", "urlPath": "/hello"}, "response": {"status": 200, "jsonBody": {"hello": "world"}}}"#.utf8)
            .write(to: root.appendingPathComponent("mappings/hello.json"))
        let token = UUID().uuidString
        try await withServe(["--root", root.path, "--admin-token", token]) { baseURL in
            let screenshot = Self.screenshot
            try? FileManager.default.removeItem(at: screenshot)
            let result = try await ChildProcess.run(["python3", Self.e2e.appendingPathComponent("dashboard.py").path, baseURL.absoluteString, token, screenshot.path],
                                                    timeout: .seconds(90))
            #expect(result.status == 0, "dashboard.py exited with \(result.status):\n\(result.output)")
            #expect(result.output.contains("ok dashboard"), "\(result.output)")
            if result.status == 0 {
                let png = try Data(contentsOf: screenshot)
                #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "the screenshot is not a PNG")
            }
        }
    }
}
