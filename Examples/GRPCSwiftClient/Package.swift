// swift-tools-version: 6.2
// grpc-swift 2 calling a mock that serves gRPC (UnderstudyGRPC), over HTTP/2 on a socket: a
// package of its own so that only it builds grpc-swift, never the root package. The messages
// are encoded by a hand-written serializer (no protoc, no swift-protobuf). CI runs its tests
// (.ci/run); the DocC article ServingGRPC.md quotes them. Benchmarks/grpc-benchmark.sh builds
// its GRPCBenchmark (and `understudy`, through the dependency) in release.
import PackageDescription

let package = Package(
    name: "GRPCSwiftClient",
    // grpc-swift 2's own floor.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "Understudy", path: "../.."),
        .package(url: "https://github.com/grpc/grpc-swift-2", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport", from: "2.9.2"),
    ],
    targets: [
        // greetings.proto's HelloRequest and HelloReply, encoded by hand, and grpc-swift's
        // serializers for them.
        .target(name: "GreeterMessages", dependencies: [.product(name: "GRPCCore", package: "grpc-swift-2")]),
        // Benchmarks/grpc-benchmark.sh's load client and its grpc-swift 2 server (release builds).
        .executableTarget(
            name: "GRPCBenchmark",
            dependencies: [
                "GreeterMessages",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
            ]
        ),
        .testTarget(
            name: "GRPCSwiftClientTests",
            dependencies: [
                "GreeterMessages",
                .product(name: "Understudy", package: "Understudy"),
                .product(name: "UnderstudyServer", package: "Understudy"),
                .product(name: "UnderstudyTLS", package: "Understudy"),
                .product(name: "UnderstudyGRPC", package: "Understudy"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
