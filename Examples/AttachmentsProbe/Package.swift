// swift-tools-version: 6.2
// The package scripts/check-attachments.sh runs with `swift test --attachments-path DIR`: its
// tests fail and pass on purpose, and the script checks which attachments each one left.
import PackageDescription

let package = Package(
    name: "AttachmentsProbe",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "Understudy", path: "../..")],
    targets: [
        .testTarget(
            name: "AttachmentsProbeTests",
            dependencies: [.product(name: "UnderstudyTesting", package: "Understudy")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
