import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyLLM

/// The providers' own clients judge the LLM presets: `Tests/E2E/llm_sdks.py` drives the
/// official `openai` and `anthropic` Python SDKs against `understudy serve` on the mappings of
/// `Tests/E2E/llm-presets` (all three APIs, not streamed and streamed through the SDKs'
/// accumulators, tool calls, an error and a connection reset mid-stream). Skipped when the SDKs
/// are missing, unless `UNDERSTUDY_REQUIRE_PYTHON_E2E=1`, which turns that into a failure (CI
/// sets it).
struct LLMSDKTests {
    static let e2e = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("E2E")

    static let sdksAreImportable = ChildProcess.pythonCanImport("openai, anthropic")

    @Test(.timeLimit(.minutes(2)),
          .enabled(if: sdksAreImportable || ChildProcess.pythonRequired,
                   "needs `pip install openai==3.57.0 anthropic==2.14.0` (set UNDERSTUDY_REQUIRE_PYTHON_E2E=1 to make this a failure)"))
    func theOfficialSDKsReadEveryPreset() async throws {
        guard Self.sdksAreImportable else {
            Issue.record("UNDERSTUDY_REQUIRE_PYTHON_E2E=1 but python3 cannot import openai and anthropic; run: pip install openai==3.57.0 anthropic==2.14.0")
            return
        }
        // A copy of the root, so that nothing the server writes lands in the repository.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-llm-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: Self.e2e.appendingPathComponent("llm-presets"), to: root)
        try await withServe(["--root", root.path]) { baseURL in
            let result = try await ChildProcess.run(["python3", Self.e2e.appendingPathComponent("llm_sdks.py").path, baseURL.absoluteString])
            #expect(result.status == 0, "llm_sdks.py exited with \(result.status):\n\(result.output)")
            #expect(result.output.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count == 3, "\(result.output)")
        }
    }
}
