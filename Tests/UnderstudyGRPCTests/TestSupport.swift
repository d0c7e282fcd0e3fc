import Foundation
@testable import UnderstudyGRPC
import UnderstudyJSON

/// The descriptor sets and reference messages the tests read: made by `grpcio-tools` from
/// `Tests/E2E/grpc-protos/greetings.proto` (its README says how), committed as data.
enum Fixtures {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let folder = tests.appendingPathComponent("Fixtures")
    /// The root the Python judge serves: `grpc/greetings.dsc` (made without `--include_imports`).
    static let grpcRoot = tests.deletingLastPathComponent().appendingPathComponent("E2E/grpc-root")

    static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    /// The set without the well-known types' files, as WireMock users usually make it.
    static func pool() throws -> DescriptorPool {
        try DescriptorPool(descriptorSet: Array(Data(contentsOf: grpcRoot.appendingPathComponent("grpc/greetings.dsc"))))
    }

    static func codec() throws -> ProtoJSONCodec { ProtoJSONCodec(pool: try pool()) }

    static func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }
}
