// swift-tools-version: 6.2
import PackageDescription

// An example app (API → repository → view model) and its integration tests, using
// Understudy from the repository root by path.
let package = Package(
    name: "PetStore",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [.library(name: "PetStore", targets: ["PetStore"])],
    dependencies: [.package(name: "Understudy", path: "../..")],
    targets: [
        .target(
            name: "PetStore",
            dependencies: [
                .product(name: "UnderstudyClient", package: "Understudy"),
                .product(name: "UnderstudyDoubles", package: "Understudy"),
            ]
        ),
        .testTarget(
            name: "PetStoreTests",
            dependencies: [
                "PetStore",
                .product(name: "Understudy", package: "Understudy"),
                .product(name: "UnderstudyClient", package: "Understudy"),
                .product(name: "UnderstudyFakes", package: "Understudy"),
                .product(name: "UnderstudyDoubles", package: "Understudy"),
                .product(name: "UnderstudyTesting", package: "Understudy"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
