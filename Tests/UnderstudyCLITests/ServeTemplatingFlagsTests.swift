import ArgumentParser
import Testing
import Understudy
@testable import UnderstudyCLI

/// `serve`'s templating flags reach the mock's configuration.
struct ServeTemplatingFlagsTests {
    /// Standalone WireMock never escapes (`CommandLineOptions.getTemplateEscapingDisabled()`
    /// returns true); `--template-escaping` asks for the WAR deployment's HTML escaping.
    @Test func templatesAreUnescapedUnlessAsked() throws {
        let root = MappingsRoot(path: "/tmp/understudy-serve-flags")
        let plain = try ServeCommand.parse(["--root", "/tmp/x"]).mockConfiguration(root: root)
        #expect(!plain.templateEscaping)
        #expect(!plain.globalTemplating)
        let escaping = try ServeCommand.parse(["--template-escaping", "--global-response-templating"]).mockConfiguration(root: root)
        #expect(escaping.templateEscaping)
        #expect(escaping.globalTemplating)
        let mock = HTTPMock(configuration: escaping)
        mock.stub(.anyRequest, .ok.body("{{'<b>'}}{{{'<b>'}}}"))
        #expect(mock.serve(RecordedRequest(method: .get, url: "/")).response.body == .text("&lt;b&gt;<b>"))
    }
}
