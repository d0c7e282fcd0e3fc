// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

/// Settings every target of ours shares (STYLE.md: one settings array for all targets).
let sharedSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Understudy",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Understudy", targets: ["Understudy"]),
        .library(name: "UnderstudyGraphQL", targets: ["UnderstudyGraphQL"]),
        .library(name: "UnderstudyLLM", targets: ["UnderstudyLLM"]),
        .library(name: "UnderstudyNetworkProfiles", targets: ["UnderstudyNetworkProfiles"]),
        .library(name: "UnderstudyRecording", targets: ["UnderstudyRecording"]),
        .library(name: "UnderstudyPact", targets: ["UnderstudyPact"]),
        .library(name: "UnderstudyMessaging", targets: ["UnderstudyMessaging"]),
        .library(name: "UnderstudyServer", targets: ["UnderstudyServer"]),
        .library(name: "UnderstudyTLS", targets: ["UnderstudyTLS"]),
        // gRPC stubs in WireMock's gRPC extension's format, served over the loopback server's HTTP/2.
        .library(name: "UnderstudyGRPC", targets: ["UnderstudyGRPC"]),
        .library(name: "UnderstudyClient", targets: ["UnderstudyClient"]),
        .library(name: "UnderstudyURLSession", targets: ["UnderstudyURLSession"]),
        .library(name: "UnderstudyInProcess", targets: ["UnderstudyInProcess"]),
        .library(name: "UnderstudyOpenAPI", targets: ["UnderstudyOpenAPI"]),
        .library(name: "UnderstudyTesting", targets: ["UnderstudyTesting"]),
        .library(name: "UnderstudyUITesting", targets: ["UnderstudyUITesting"]),
        .library(name: "UnderstudyFakes", targets: ["UnderstudyFakes"]),
        .library(name: "UnderstudyDoubles", targets: ["UnderstudyDoubles"]),
        .library(name: "UnderstudyPostgres", targets: ["UnderstudyPostgres"]),
        // `@Mockable` protocol mocks: a product of its own, so that only its users build swift-syntax.
        .library(name: "UnderstudyMocks", targets: ["UnderstudyMocks"]),
        .executable(name: "understudy", targets: ["UnderstudyCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // 2.101.2: the HTTP/1 decoder limits header sizes (80 KiB), which the server answers with 431.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.24.0"),
        // UnderstudyOpenAPI only: the `ClientTransport` that generated clients take.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // OpenAPIKit: the CLI's strict reading of OpenAPI documents (`lint --openapi`). Yams:
        // YAML, for UnderstudyOpenAPI to read documents.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // UnderstudyTLS only. async-http-client already brings swift-nio-ssl and swift-nio-http2;
        // certificate generation adds swift-certificates and swift-crypto (and swift-asn1).
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        // UnderstudyPostgres only: several instances sharing their state through PostgreSQL.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // UnderstudyMocks only: the `@Mockable` macro.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
        // UnderstudyMocksTests only: real protocols (CounterHandler, Service) mocked for real.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // App side: what an app ships. Foundation only; no engine, no NIO, no testing framework.
        // The networking layer (`HTTPClient` and its URLSession conformance, endpoints,
        // `APIClient`, `APIError`, streamed bodies) and the launch-environment reader.
        .target(name: "UnderstudyClient", swiftSettings: sharedSettings),
        // Small boundary protocols and their live versions (the in-memory ones are in UnderstudyFakes).
        .target(name: "UnderstudyDoubles", swiftSettings: sharedSettings),

        // Test side. Internal targets (no products) under the core: what has no domain knowledge
        // (a lock, text helpers, the bounded regular-expression runner). Foundation only.
        .target(name: "UnderstudySupport", swiftSettings: sharedSettings),
        // The JSON engine: the value model, parser and pointers, JSONPath, JSON Schema. Knows no
        // stub, request, matcher or template; the core re-exports it (`JSONValue` is public API).
        .target(name: "UnderstudyJSON", dependencies: ["UnderstudySupport"], swiftSettings: sharedSettings),
        // The XML engine: the document tree and its parser, XPath 1.0, and the XMLUnit-style
        // comparison. Knows no stub, request, matcher or template (the placeholders an
        // `equalToXml` pattern reads stay in the core); no public API names its types, so the
        // core depends on it without re-exporting it.
        .target(name: "UnderstudyXML", dependencies: ["UnderstudySupport"], swiftSettings: sharedSettings),
        // Dates as WireMock reads and writes them: ISO-8601 and the HTTP formats, Java
        // `DateTimeFormatter` patterns, offsets (`now +3 days`) and truncation. Knows no stub,
        // request or matcher; the core re-exports the two enums its date-time patterns name.
        .target(name: "UnderstudyDateTime", swiftSettings: sharedSettings),
        // The Handlebars engine with WireMock's helpers: parser, renderer, template values. It
        // renders against a context it is given and knows no stub, request or mock (the core
        // builds the `request` model and reads the files `bodyFileName` names).
        .target(
            name: "UnderstudyTemplating",
            dependencies: ["UnderstudySupport", "UnderstudyJSON", "UnderstudyXML", "UnderstudyDateTime"],
            swiftSettings: sharedSettings
        ),
        // The parts of an HTTP message a matcher reads: query strings, cookies, forms, multipart
        // bodies, Basic credentials, header parameters. Knows no stub, request or matcher; the
        // core re-exports the two types its API names (`QueryItem`, `MultipartPart`).
        .target(name: "UnderstudyHTTPParsing", dependencies: ["UnderstudySupport"], swiftSettings: sharedSettings),
        // GraphQL executable documents: the lexer, the parser, graphql-java's normalisation and
        // the differences near-miss reports name. Knows no stub, request or matcher.
        .target(name: "UnderstudyGraphQLSyntax", dependencies: ["UnderstudySupport"], swiftSettings: sharedSettings),
        // Core engine: model, matching, stubbing, journal, verification, near misses,
        // WireMock JSON codec, and the seams features plug into (answer kinds, custom matchers).
        // Imports Foundation and the app side's `HTTPMethod`.
        .target(
            name: "Understudy",
            dependencies: ["UnderstudyClient", "UnderstudyHTTPParsing", "UnderstudySupport", "UnderstudyJSON", "UnderstudyXML", "UnderstudyDateTime", "UnderstudyTemplating"],
            swiftSettings: sharedSettings
        ),
        // Features on the core's seams, each a target (and product) of its own that reaches the
        // core only through them (scripts/check-layers.py): GraphQL matching (a custom matcher),
        // LLM provider answers and network profiles (answer kinds).
        .target(
            name: "UnderstudyGraphQL",
            dependencies: ["Understudy", "UnderstudySupport", "UnderstudyJSON", "UnderstudyGraphQLSyntax"],
            swiftSettings: sharedSettings
        ),
        .target(
            name: "UnderstudyLLM",
            dependencies: ["Understudy", "UnderstudySupport", "UnderstudyJSON", "UnderstudyTemplating"],
            swiftSettings: sharedSettings
        ),
        .target(name: "UnderstudyNetworkProfiles", dependencies: ["Understudy", "UnderstudySupport"], swiftSettings: sharedSettings),
        // WebSockets (WireMock 4's message stubs): the message hub, message stubs and journal,
        // `message-mappings/`. The loopback server carries its sockets.
        .target(
            name: "UnderstudyMessaging",
            dependencies: ["Understudy", "UnderstudySupport", "UnderstudyJSON", "UnderstudyTemplating"],
            swiftSettings: sharedSettings
        ),
        // Recording: traffic (proxied through a mock, or a HAR file) turned into stubs and files.
        .target(
            name: "UnderstudyRecording",
            dependencies: ["Understudy", "UnderstudySupport", "UnderstudyJSON", "UnderstudyClient"],
            swiftSettings: sharedSettings
        ),
        // Pact: contracts (v3, v4) written from the journal, and contracts loaded as stubs.
        .target(name: "UnderstudyPact", dependencies: ["Understudy", "UnderstudySupport", "UnderstudyJSON"], swiftSettings: sharedSettings),
        // The SwiftNIO loopback server, the WireMock admin API, proxying, recording and
        // WebSockets. It reads every feature's mapping JSON (`MappingExtensions.understudy`).
        .target(
            name: "UnderstudyServer",
            dependencies: [
                "Understudy",
                "UnderstudyGraphQL",
                "UnderstudyLLM",
                "UnderstudyNetworkProfiles",
                "UnderstudyRecording",
                "UnderstudyMessaging",
                // `GET /__admin/pact`.
                "UnderstudyPact",
                "UnderstudySupport",
                // The launch-environment key a UI-tested app reads.
                "UnderstudyClient",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // WebSockets: the upgrade, the frame codec and fragment joining.
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // Proxy stubs and recording forward requests upstream with it.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: sharedSettings
        ),
        // HTTPS and HTTP/2 for the loopback server: a generated certificate authority, TLS with
        // ALPN in front of the server's handlers, trust helpers. A product of its own so users of
        // plain HTTP never build certificate generation.
        .target(
            name: "UnderstudyTLS",
            dependencies: [
                "Understudy",
                "UnderstudyServer",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: sharedSettings
        ),
        // The direct transport (`HTTPMock` as an `HTTPClient`), typed endpoint mocking, and what
        // the two in-process transports share: the mock's plan carried out with no socket
        // (delays, timed parts, faults as URLError, proxying through URLSession).
        .target(name: "UnderstudyInProcess", dependencies: ["Understudy", "UnderstudySupport", "UnderstudyClient"], swiftSettings: sharedSettings),
        // URLProtocol interception routed per mock.
        .target(name: "UnderstudyURLSession", dependencies: ["Understudy", "UnderstudySupport", "UnderstudyInProcess", "UnderstudyClient"], swiftSettings: sharedSettings),
        // OpenAPI: a `ClientTransport` answered by a mock in process (matching by operation),
        // spec-driven stubs, request validation, drift checks and coverage for OpenAPI 3.0/3.1
        // documents. Its own product, so users who do not use OpenAPI do not build
        // swift-openapi-runtime and Yams.
        .target(
            name: "UnderstudyOpenAPI",
            dependencies: [
                "Understudy",
                // Form bodies, as a mapping's formParameters read them.
                "UnderstudyHTTPParsing",
                "UnderstudySupport",
                "UnderstudyInProcess",
                // The event-stream reader, for `text/event-stream` examples written as a stream.
                "UnderstudyClient",
                "UnderstudyFakes",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: sharedSettings
        ),
        // gRPC on the loopback server: descriptor sets (a decoder of our own, no swift-protobuf),
        // binary protobuf <-> proto3 JSON, and the calls served through a stream takeover of the
        // server's HTTP/2. It reaches the core through its seams (a root part, the mock's feature
        // state) and the server through `StreamTakeover`; it builds nothing at build time.
        .target(
            name: "UnderstudyGRPC",
            dependencies: [
                "Understudy", "UnderstudySupport", "UnderstudyJSON", "UnderstudyDateTime", "UnderstudyServer",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: sharedSettings
        ),
        // The state store several instances share through PostgreSQL (stubs, scenario states,
        // call counts, the journal). A product of its own so that only its users build postgres-nio.
        .target(
            name: "UnderstudyPostgres",
            dependencies: [
                "Understudy",
                // The message stubs it shares (`MessageStubSharing`).
                "UnderstudyMessaging",
                "UnderstudyJSON",
                "UnderstudySupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: sharedSettings
        ),
        // `@Mockable`: the macro (swift-syntax, built only for users of the UnderstudyMocks product)
        // and the runtime the generated mocks call. The runtime reaches no other target and no
        // package (scripts/check-layers.py), so an app can mark its own protocols @Mockable.
        // The macro's code (reading a protocol, generating its mock, diagnostics) is a library
        // target of its own, so that its expansion tests depend on it and not on the macro: a test
        // target depending on a macro target makes SwiftPM build every test target for the host,
        // where the test targets importing executable targets (UnderstudyFuzz and others) fail.
        .target(
            name: "UnderstudyMocksMacroExpansion",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
            ],
            swiftSettings: sharedSettings
        ),
        .macro(
            name: "UnderstudyMocksMacros",
            dependencies: [
                "UnderstudyMocksMacroExpansion",
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ],
            swiftSettings: sharedSettings
        ),
        .target(name: "UnderstudyMocks", dependencies: ["UnderstudyMocksMacros"], swiftSettings: sharedSettings),
        // Swift Testing trait, XCTest base class, one scope under both, assert/verify helpers and
        // the three-transport harness. The only library target that imports Testing or XCTest.
        .target(
            name: "UnderstudyTesting",
            dependencies: ["Understudy", "UnderstudyGraphQL", "UnderstudyLLM", "UnderstudyNetworkProfiles", "UnderstudyMessaging", "UnderstudySupport", "UnderstudyServer", "UnderstudyClient", "UnderstudyInProcess", "UnderstudyURLSession", "UnderstudyFakes",
                           // The journal as HAR, attached to a failing test.
                           "UnderstudyRecording",
                           // A suite's Pact contract (`.mockHTTP.pact(consumer:provider:)`).
                           "UnderstudyPact"],
            swiftSettings: sharedSettings
        ),
        // UI tests: the wait-then-act DSL over a screen protocol of its own (an in-memory screen
        // here, XCUIElement on Apple platforms), and the mock server a launched app talks to.
        // A product of its own so that unit-test users do not link it.
        .target(name: "UnderstudyUITesting", dependencies: ["Understudy", "UnderstudySupport", "UnderstudyServer", "UnderstudyTesting"], swiftSettings: sharedSettings),
        // Seeded fake data, generated images, and in-memory versions of the boundary protocols.
        .target(name: "UnderstudyFakes", dependencies: ["Understudy", "UnderstudySupport", "UnderstudyDoubles"], swiftSettings: sharedSettings),
        // The `understudy` command. Its module is not called `understudy`, which would clash
        // with `Understudy` on case-insensitive file systems.
        .executableTarget(
            name: "UnderstudyCLI",
            dependencies: [
                "Understudy", "UnderstudySupport", "UnderstudyServer", "UnderstudyOpenAPI", "UnderstudyTLS",
                // `serve --network-profile`; `record`, `import-har`.
                "UnderstudyNetworkProfiles", "UnderstudyRecording", "UnderstudyMessaging",
                // `pact`, `serve --pact`.
                "UnderstudyPact",
                // `serve --store postgres://...`.
                "UnderstudyPostgres",
                // gRPC calls from the root's grpc/ descriptor sets.
                "UnderstudyGRPC",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // `lint --openapi`'s strict reading of a whole document.
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
            ],
            swiftSettings: sharedSettings
        ),
        // libFuzzer targets for the parsers (built by Fuzz/run.sh with -sanitize=fuzzer; a
        // normal build replays saved inputs).
        .executableTarget(
            name: "UnderstudyFuzz",
            dependencies: [
                "Understudy",
                "UnderstudyGraphQL",
                "UnderstudyServer",
                "UnderstudyTLS",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            path: "Fuzz/UnderstudyFuzz",
            swiftSettings: sharedSettings
        ),
        // Process-wide leak and limit checks, run as a child process by LifecycleTests.
        .executableTarget(
            name: "UnderstudyProcessChecks",
            dependencies: [
                "Understudy",
                "UnderstudyServer",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            path: "Tests/ProcessChecks",
            swiftSettings: sharedSettings
        ),
        // Helpers the socket-level test targets share (raw exchanges, waiting for a state or a
        // child process). Not a product.
        .target(
            name: "UnderstudyTestSupport",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            path: "Tests/TestSupport",
            swiftSettings: sharedSettings
        ),
        // The rules every state store keeps (MockStateStore), as checks any store's tests run:
        // the in-memory store's in UnderstudyTests, a shared store's against its database. Not a product.
        .target(
            name: "UnderstudyStoreConformance",
            dependencies: ["Understudy", "UnderstudySupport"],
            path: "Tests/StoreConformance",
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "UnderstudyTests",
            dependencies: ["Understudy", "UnderstudyHTTPParsing", "UnderstudyGraphQL", "UnderstudyGraphQLSyntax", "UnderstudyLLM", "UnderstudyNetworkProfiles", "UnderstudyRecording", "UnderstudyMessaging", "UnderstudyPact", "UnderstudySupport", "UnderstudyXML", "UnderstudyDateTime", "UnderstudyTemplating", "UnderstudyFuzz",
                           "UnderstudyStoreConformance"],
            exclude: ["Fixtures"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "UnderstudyServerTests",
            dependencies: [
                "UnderstudyServer",
                "UnderstudyLLM",
                "UnderstudyNetworkProfiles",
                "UnderstudyRecording",
                "UnderstudyMessaging",
                "UnderstudyTesting",
                "UnderstudyTestSupport",
                "UnderstudyProcessChecks",
                "Understudy",
                "UnderstudyClient",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // NIO's WebSocket client, a real peer of the WebSocket tests.
                .product(name: "NIOWebSocket", package: "swift-nio"),
                // The connection pipeline's handlers driven without a socket.
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "UnderstudyTLSTests",
            dependencies: [
                "UnderstudyTLS",
                "UnderstudyRecording",
                "UnderstudyMessaging",
                "UnderstudyTestSupport",
                "UnderstudyServer",
                "Understudy",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: sharedSettings
        ),
        // The mocks compiled and used (Swift Testing and XCTest), on protocols of our own and real
        // ones restated (swift-openapi-runtime, swift-log, swift-metrics, swift-service-lifecycle).
        .testTarget(
            name: "UnderstudyMocksTests",
            dependencies: [
                "UnderstudyMocks",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: sharedSettings
        ),
        // The mocks in a module set up as a new Xcode 26 app target is: main-actor default isolation
        // (SE-0466) and approachable concurrency (SE-0461, SE-0470); Mockable #130.
        .testTarget(
            name: "UnderstudyMocksMainActorTests",
            dependencies: ["UnderstudyMocks"],
            swiftSettings: sharedSettings + [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ]
        ),
        // What the macro generates, as text, and its diagnostics (swift-syntax's assertMacroExpansion).
        .testTarget(
            name: "UnderstudyMocksMacrosTests",
            dependencies: [
                "UnderstudyMocksMacroExpansion",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            ],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "UnderstudyFakesTests",
            dependencies: ["Understudy", "UnderstudyFakes", "UnderstudyTesting", "UnderstudyDoubles", "UnderstudyTestSupport"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "UnderstudyDoublesTests",
            dependencies: ["UnderstudyDoubles", "UnderstudyFakes"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "UnderstudyUITestingTests",
            dependencies: ["Understudy", "UnderstudySupport", "UnderstudyServer", "UnderstudyTesting", "UnderstudyUITesting"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "UnderstudyClientTests",
            dependencies: ["Understudy", "UnderstudyClient", "UnderstudyInProcess", "UnderstudyTesting"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "UnderstudyTransportTests",
            dependencies: [
                "Understudy", "UnderstudySupport", "UnderstudyClient", "UnderstudyInProcess", "UnderstudyURLSession", "UnderstudyServer",
                "UnderstudyTesting", "UnderstudyTestSupport",
            ],
            exclude: ["Fixtures"],
            swiftSettings: sharedSettings
        ),
        // A client swift-openapi-generator made from Petstore/openapi.yaml, committed under
        // Generated/ (Petstore/README.md says how to make it again), so CI never builds the generator.
        .testTarget(
            name: "UnderstudyOpenAPITests",
            dependencies: [
                "UnderstudyOpenAPI",
                "Understudy",
                "UnderstudyInProcess",
                // A loopback upstream for proxy stubs.
                "UnderstudyServer",
                // A @Mockable restatement of ClientTransport under the generated client.
                "UnderstudyMocks",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["Petstore"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "UnderstudyOpenAPISpecTests",
            dependencies: ["UnderstudyOpenAPI", "Understudy", "UnderstudyServer"],
            exclude: ["Fixtures"],
            swiftSettings: sharedSettings
        ),
        // Two and three instances sharing a real PostgreSQL (a cluster the tests start).
        .testTarget(
            name: "UnderstudyPostgresTests",
            dependencies: [
                "UnderstudyPostgres", "Understudy", "UnderstudySupport", "UnderstudyServer", "UnderstudyStoreConformance",
                "UnderstudyNetworkProfiles", "UnderstudyMessaging",
                "UnderstudyTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: sharedSettings
        ),
        // The gRPC codec (unit and property tests), the call handler driven without a socket, and
        // Python's grpcio against a live server. Its descriptor sets are committed data (Fixtures/).
        .testTarget(
            name: "UnderstudyGRPCTests",
            dependencies: [
                "UnderstudyGRPC", "Understudy", "UnderstudyJSON", "UnderstudyServer", "UnderstudyTLS", "UnderstudyTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "UnderstudyCLITests",
            dependencies: [
                "UnderstudyCLI", "Understudy", "UnderstudySupport", "UnderstudyServer", "UnderstudyOpenAPI", "UnderstudyTLS",
                "UnderstudyTestSupport", "UnderstudyLLM", "UnderstudyNetworkProfiles", "UnderstudyRecording", "UnderstudyMessaging",
                "UnderstudyPact",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: sharedSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
