// swift-tools-version: 6.2
import PackageDescription

// What an app's own target is on the app side alone: it depends on the products UnderstudyClient
// and UnderstudyDoubles only and imports nothing but Foundation and them, yet names URLSession,
// URLRequest and HTTPURLResponse. On Linux those live in FoundationNetworking, so this builds
// only if UnderstudyClient re-exports it (Sources/UnderstudyClient/Exports.swift). The root's
// tests cannot catch that: their test-side imports bring FoundationNetworking in. CI builds and
// tests this package (.ci/run); scripts/check-layers.py checks its dependencies and imports.
let package = Package(
    name: "AppSideOnly",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "AppSideOnly", targets: ["AppSideOnly"])],
    dependencies: [.package(name: "Understudy", path: "../..")],
    targets: [
        .target(
            name: "AppSideOnly",
            dependencies: [
                .product(name: "UnderstudyClient", package: "Understudy"),
                .product(name: "UnderstudyDoubles", package: "Understudy"),
            ]
        ),
        // On the app side too: a hand-written HTTPClient stands in for the network.
        .testTarget(
            name: "AppSideOnlyTests",
            dependencies: [
                "AppSideOnly",
                .product(name: "UnderstudyClient", package: "Understudy"),
                .product(name: "UnderstudyDoubles", package: "Understudy"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
