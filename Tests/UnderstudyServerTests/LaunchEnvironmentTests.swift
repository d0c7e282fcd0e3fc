import Foundation
import Testing
import Understudy
import UnderstudyClient
import UnderstudyServer
import UnderstudyTestSupport

struct LaunchEnvironmentTests {
    @Test func aChildProcessReadsTheVariableAndCallsTheServer() async throws {
        let mock = HTTPMock()
        mock.stub(.get(urlPath: "/ping"), .ok.body("pong from the mock"))
        try await withMockServer(mock) { server in
            #expect(try server.launchEnvironment == ["UNDERSTUDY_BASE_URL": server.baseURL.absoluteString])
            let process = TestProcess()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c",
                                 "import os, urllib.request; print(urllib.request.urlopen(os.environ['UNDERSTUDY_BASE_URL'] + '/ping').read().decode())"]
            process.environment = try ProcessInfo.processInfo.environment.merging(server.launchEnvironment) { $1 }
            let output = Pipe()
            process.standardOutput = output
            for await _ in try process.runUntilExit() {}
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 0)
            #expect(text == "pong from the mock\n")
        }
        #expect(mock.serveEvents.count == 1)
    }

    @Test func appsFallBackToTheirDefault() {
        let production = URL(string: "https://api.example.com")!
        #expect(UnderstudyEnvironment.baseURL(default: production, environment: [:]) == production)
        #expect(UnderstudyEnvironment.baseURL(default: production, environment: ["UNDERSTUDY_BASE_URL": "http://127.0.0.1:4321"])
            == URL(string: "http://127.0.0.1:4321")!)
    }

    /// One variable points an app's sockets at the mock too: `ws://` for the plain listener,
    /// `wss://` for HTTPS.
    @Test func appsGetTheMocksWebSocketURLFromTheSameVariable() async throws {
        let production = URL(string: "wss://live.example.com")!
        #expect(UnderstudyEnvironment.webSocketBaseURL(default: production, environment: [:]) == production)
        #expect(UnderstudyEnvironment.webSocketBaseURL(default: production, environment: ["UNDERSTUDY_BASE_URL": "http://127.0.0.1:4321"])
            == URL(string: "ws://127.0.0.1:4321")!)
        #expect(UnderstudyEnvironment.webSocketBaseURL(default: production, environment: ["UNDERSTUDY_BASE_URL": "https://localhost:4321"])
            == URL(string: "wss://localhost:4321")!)
        let mock = HTTPMock()
        mock.webSocket(urlPath: "/live") { socket in
            socket.onConnect { $0.send("hello, app") }
        }
        try await withMockServer(mock) { server in
            let url = UnderstudyEnvironment.webSocketBaseURL(default: production, environment: try server.launchEnvironment)
            #expect(url == (try server.webSocketBaseURL))
            #expect(url.absoluteString == "ws://127.0.0.1:\(try server.port)")
            try await withWebSocket(server, path: "/live") { socket in
                let greeting = try await socket.nextMessage()
                #expect(greeting == .text("hello, app"))
            }
        }
    }

    @Test func productionURLsPointAtLocalhost() {
        let url = URL(string: "https://user:pw@api.example.com/v1/users?page=2#top")!
        #expect(url.replacingHostWithLocalhost(port: 8080).absoluteString == "http://localhost:8080/v1/users?page=2#top")
    }
}
