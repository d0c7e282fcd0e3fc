import Foundation
import Testing
@testable import Understudy
@testable import UnderstudyFuzz

/// Every seed and every input the fuzzers ever crashed on (`Fuzz/Regressions`, saved by
/// `Fuzz/run.sh`) goes through its target again: none may crash.
struct FuzzRegressionTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz").standardizedFileURL

    @Test(arguments: FuzzTarget.allCases)
    func savedInputsRunClean(_ target: FuzzTarget) throws {
        var count = 0
        for kind in ["Seeds", "Regressions"] {
            let folder = Self.fuzzFolder.appendingPathComponent("\(kind)/\(target.rawValue)")
            for file in (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [] {
                target.run(try Data(contentsOf: file))
                count += 1
            }
        }
        #expect(count > 0, "no seeds for \(target.rawValue) in \(Self.fuzzFolder.path)")
    }

    @Test func pathTemplatesMatchAroundCharactersFoundationTrippedOn() {
        // The fuzzer's crash: a literal after a variable, in a path of replacement characters.
        let template = RequestPattern.request(.any, .urlPathTemplate("/{name}\u{FFFD}x"))
        #expect(template.matches(RecordedRequest(method: .get, url: "/ab\u{FFFD}x")))
        #expect(!template.matches(RecordedRequest(method: .get, url: "/\u{FFFD}\u{FFFD}\u{FFFD}")))
        let accents = RequestPattern.request(.any, .urlPathTemplate("/{a}é{b}"))
        #expect(accents.matches(RecordedRequest(method: .get, url: "/cafée-x")))
    }
}
