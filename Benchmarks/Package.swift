// swift-tools-version: 6.2
import PackageDescription

// The benchmark runners, in a package of their own so that `swift test` at the root builds
// only the library and its tests. The scripts beside this file build them in release
// (`swift build -c release --package-path Benchmarks`); see Benchmarks/RESULTS.md.
let sharedSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "UnderstudyBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The checkout's own folder, whatever its name: `name:` makes the products below
        // findable as `package: "Understudy"`.
        .package(name: "Understudy", path: ".."),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // Core matching: 1, 100, 10 000 stubs.
        .executableTarget(
            name: "UnderstudyBenchmarks",
            dependencies: [.product(name: "Understudy", package: "Understudy")],
            path: "UnderstudyBenchmarks",
            swiftSettings: sharedSettings
        ),
        // Raw SwiftNIO ceilings, transports, start/stop cycles, stream lateness, WebSocket load.
        .executableTarget(
            name: "UnderstudyServerBenchmarks",
            dependencies: [
                .product(name: "Understudy", package: "Understudy"),
                .product(name: "UnderstudyServer", package: "Understudy"),
                .product(name: "UnderstudyTLS", package: "Understudy"),
                .product(name: "UnderstudyClient", package: "Understudy"),
                .product(name: "UnderstudyInProcess", package: "Understudy"),
                .product(name: "UnderstudyURLSession", package: "Understudy"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            path: "UnderstudyServerBenchmarks",
            swiftSettings: sharedSettings
        ),
        // The OpenAPI client transport against a hand-written ClientTransport.
        .executableTarget(
            name: "UnderstudyOpenAPIBenchmarks",
            dependencies: [
                .product(name: "Understudy", package: "Understudy"),
                .product(name: "UnderstudyClient", package: "Understudy"),
                .product(name: "UnderstudyInProcess", package: "Understudy"),
                .product(name: "UnderstudyOpenAPI", package: "Understudy"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "UnderstudyOpenAPIBenchmarks",
            swiftSettings: sharedSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
