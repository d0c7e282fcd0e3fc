import Foundation
import SwiftUI
import Understudy

/// Shows a greeting loaded from its API, whose base URL a UI test can replace.
@main
struct DemoApp: App {
    var body: some Scene {
        WindowGroup { GreetingView() }
    }
}

struct GreetingView: View {
    /// The production API, unless a UI test launched the app with `UNDERSTUDY_BASE_URL`.
    private let api = UnderstudyEnvironment.baseURL(default: URL(string: "https://api.example.com") ?? URL(fileURLWithPath: "/"))
    @State private var greeting = "Loading…"

    var body: some View {
        VStack(spacing: 16) {
            Text(greeting)
            Button("Reload") { Task { await load() } }
        }
        .task { await load() }
    }

    private func load() async {
        do {
            let (data, _) = try await URLSession.shared.data(from: api.appendingPathComponent("greeting"))
            greeting = String(decoding: data, as: UTF8.self)
        } catch {
            greeting = "Offline"
        }
    }
}
