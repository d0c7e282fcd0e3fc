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

    @Test func theWebSocketTargetDrivesTheSocket() throws {
        // The harness is only worth its runs if the frames reach the message stubs: the 101,
        // the greeting, and the echo of the seed's masked "hello" (unmasked, as servers send).
        let seeds = Self.fuzzFolder.appendingPathComponent("Seeds/websocket")
        let hello = WebSocketFuzzTarget.run(try Data(contentsOf: seeds.appendingPathComponent("hello.bin")))
        let text = String(decoding: hello, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 101 Switching Protocols"), "\(text)")
        #expect(hello.range(of: Data([0x81, 12]) + Data("welcome fuzz".utf8)) != nil, "\(text)")
        #expect(hello.range(of: Data("echo hello fuzz".utf8)) != nil, "\(text)")
        // Six messages: five echoes, then the close with 4000 after the fifth.
        let five = WebSocketFuzzTarget.run(try Data(contentsOf: seeds.appendingPathComponent("five-then-close.bin")))
        #expect(five.range(of: Data([0x88]) + Data([UInt8(2 + 6), 0x0F, 0xA0]) + Data("enough".utf8)) != nil)
        #expect(five.range(of: Data("echo m5".utf8)) == nil, "nothing after the close")
        // An unmasked client frame closes the socket with 1002 (RFC 6455 §5.1), unanswered.
        let unmasked = WebSocketFuzzTarget.run(try Data(contentsOf: seeds.appendingPathComponent("unmasked.bin")))
        #expect(unmasked.range(of: Data([0x88]) + Data([UInt8(2 + "protocol error".utf8.count), 0x03, 0xEA])) != nil)
        #expect(unmasked.range(of: Data("echo".utf8)) == nil)
    }

    @Test func theHTTPTargetDrivesTheServersPipeline() throws {
        // The harness is only worth its runs if the bytes reach the stubs and the admin API.
        let seeds = Self.fuzzFolder.appendingPathComponent("Seeds/http")
        let pipelined = String(decoding: HTTPFuzzTarget.run(try Data(contentsOf: seeds.appendingPathComponent("pipelined.txt"))), as: UTF8.self)
        #expect(pipelined.components(separatedBy: "HTTP/1.1 200 OK").count == 3, "\(pipelined)")
        #expect(pipelined.hasSuffix("hello"))
        let created = String(decoding: HTTPFuzzTarget.run(try Data(contentsOf: seeds.appendingPathComponent("admin-create.txt"))), as: UTF8.self)
        #expect(created.hasPrefix("HTTP/1.1 201 Created"), "\(created)")
        #expect(created.components(separatedBy: "HTTP/1.1 201").count == 3, "the stub made through the admin API answers: \(created)")
        let delayed = String(decoding: HTTPFuzzTarget.run(try Data(contentsOf: seeds.appendingPathComponent("delays.txt"))), as: UTF8.self)
        #expect(delayed.contains("late") && delayed.contains(String(repeating: "d", count: 20)), "\(delayed)")
        // Proxy stubs (one spelled with a JSON escape, one from a recording) reach the upstream
        // client, which refuses the embedded loop with a 502 instead of trapping.
        let proxied = String(decoding: HTTPFuzzTarget.run(try Data(contentsOf: seeds.appendingPathComponent("admin-proxy.txt"))), as: UTF8.self)
        #expect(proxied.components(separatedBy: "HTTP/1.1 502 Bad Gateway").count == 3, "\(proxied)")
        let garbage = String(decoding: HTTPFuzzTarget.run(Data("NOT HTTP AT ALL\r\n\r\n".utf8)), as: UTF8.self)
        #expect(garbage.hasPrefix("HTTP/1.1 400 Bad Request"), "\(garbage)")
    }

    @Test func theHTTP2TargetDrivesTheServersHandlersThroughFrames() throws {
        // Frames reach the stubs: a DATA frame carries the body, every stream is answered, and
        // a stream's fault resets that stream alone.
        let seeds = Self.fuzzFolder.appendingPathComponent("Seeds/http2")
        let hello = HTTP2FuzzTarget.run(try Data(contentsOf: seeds.appendingPathComponent("get-hello.bin")))
        #expect(String(decoding: hello, as: UTF8.self).contains("hello"), "\(Array(hello))")
        let echoed = String(decoding: HTTP2FuzzTarget.run(try Data(contentsOf: seeds.appendingPathComponent("post-echo.bin"))), as: UTF8.self)
        #expect(echoed.contains(#"POST /echo {"a":1}"#), "\(echoed)")
        let timed = String(decoding: HTTP2FuzzTarget.run(try Data(contentsOf: seeds.appendingPathComponent("timed.bin"))), as: UTF8.self)
        #expect(timed.contains("late") && timed.contains("data: two"), "\(timed)")
        let faults = HTTP2FuzzTarget.run(try Data(contentsOf: seeds.appendingPathComponent("faults.bin")))
        #expect(Self.frameTypes(in: faults).contains(3), "RST_STREAM (type 3) for the reset stream")
        #expect(HTTP2FuzzTarget.run(Data("garbage that is no frame".utf8)).count > 0, "the connection answers garbage (GOAWAY)")
    }

    /// The frame types of server output, skipping frame by frame.
    private static func frameTypes(in output: Data) -> [UInt8] {
        var types: [UInt8] = []
        var index = output.startIndex
        while index + 9 <= output.endIndex {
            let length = Int(output[index]) << 16 | Int(output[index + 1]) << 8 | Int(output[index + 2])
            types.append(output[index + 3])
            index += 9 + length
        }
        return types
    }
}
