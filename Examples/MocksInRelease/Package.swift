// swift-tools-version: 6.2
// An app that marks its own protocol @Mockable in its production target. scripts/check-mocks-release.sh
// builds it: its debug build carries MockClock, its release build carries no mock and links no
// test framework.
import PackageDescription

let package = Package(
    name: "MocksInRelease",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "Understudy", path: "../..")],
    targets: [
        .executableTarget(name: "ClockApp", dependencies: [.product(name: "UnderstudyMocks", package: "Understudy")]),
    ],
    swiftLanguageModes: [.v6]
)
