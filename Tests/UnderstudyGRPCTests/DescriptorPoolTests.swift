import Foundation
import Testing
import Understudy
@testable import UnderstudyGRPC

/// Reading `FileDescriptorSet`s with our own decoder of descriptor.proto's fields.
struct DescriptorPoolTests {
    @Test func readsServicesMethodsAndTheirKinds() throws {
        let pool = try Fixtures.pool()
        let greeter = try #require(pool.services["understudy.test.Greeter"])
        #expect(greeter.methods.map(\.name) == ["SayHello", "CountDown", "GatherNames", "Chat", "Echo", "Nothing"])
        let kinds = greeter.methods.map { ($0.clientStreaming, $0.serverStreaming) }
        #expect(kinds.map(\.0) == [false, false, true, true, false, false])
        #expect(kinds.map(\.1) == [false, true, false, true, false, false])
        #expect(greeter.method(named: "SayHello")?.inputType == "understudy.test.HelloRequest")
        #expect(greeter.method(named: "Nothing")?.outputType == "google.protobuf.Empty")
        #expect(pool.method(forPath: "/understudy.test.Greeter/Chat")?.method.name == "Chat")
        #expect(pool.method(forPath: "/understudy.test.Greeter/Nope") == nil)
        #expect(pool.method(forPath: "understudy.test.Greeter/Chat") == nil)
    }

    @Test func readsFieldsPresenceMapsOneofsAndNestedTypes() throws {
        let pool = try Fixtures.pool()
        let everything = try #require(pool.messages["understudy.test.Everything"])
        #expect(everything.fields.map(\.number) == everything.fields.map(\.number).sorted())
        let int64 = try #require(everything.field(jsonKey: "anInt64"))
        #expect(int64.name == "an_int64" && int64.type == .int64 && !int64.hasPresence)
        #expect(everything.field(jsonKey: "an_int64") == int64)
        #expect(everything.field(jsonKey: "maybe")?.hasPresence == true)
        #expect(everything.field(jsonKey: "numberChoice")?.oneofIndex == 0)
        #expect(everything.field(jsonKey: "numbers")?.isPacked == true)
        #expect(everything.field(jsonKey: "words")?.isPacked == false)
        let counts = try #require(everything.field(jsonKey: "counts"))
        #expect(counts.isRepeated && pool.messages[counts.typeName ?? ""]?.isMapEntry == true)
        #expect(pool.enums["understudy.test.Everything.Inner.Level"]?.name(of: 1) == "HIGH")
        #expect(pool.messages["understudy.test.Everything.Inner"] != nil)
        #expect(everything.oneofs == ["choice", "_maybe"])
    }

    @Test func keepsEachFileForReflection() throws {
        let pool = try DescriptorPool(descriptorSet: Array(try Fixtures.data("greetings-with-imports.dsc")))
        #expect(pool.files.map(\.name).contains("google/protobuf/timestamp.proto"))
        let file = try #require(pool.file(defining: "understudy.test.Greeter"))
        #expect(file.name == "greetings.proto")
        #expect(file.dependencies.contains("google/protobuf/empty.proto"))
        #expect(pool.file(defining: "understudy.test.Greeter.SayHello")?.name == "greetings.proto")
        #expect(pool.file(defining: "google.protobuf.Duration")?.name == "google/protobuf/duration.proto")
        // The file's bytes are a FileDescriptorProto: read alone as a one-file set, they give the same types.
        var set = ProtobufWriter()
        set.writeTag(1, .lengthDelimited)
        set.writeLengthDelimited(file.bytes)
        #expect(try DescriptorPool(descriptorSet: set.bytes).services.keys.sorted() == ["understudy.test.Greeter"])
    }

    @Test func aBadDescriptorSetIsAnErrorNamingItsFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-grpc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let grpc = root.appendingPathComponent("grpc")
        try FileManager.default.createDirectory(at: grpc, withIntermediateDirectories: true)
        try Data(contentsOf: Fixtures.grpcRoot.appendingPathComponent("grpc/greetings.dsc")).write(to: grpc.appendingPathComponent("good.desc"))
        try Data([0x0A, 0xFF, 0x01]).write(to: grpc.appendingPathComponent("broken.dsc"))
        try Data("not a descriptor".utf8).write(to: grpc.appendingPathComponent("notes.txt"))
        let error = #expect(throws: MappingsLoadError.self) { try GRPCServices.pool(under: MappingsRoot(root)) }
        #expect(error?.errors.map(\.file) == ["grpc/broken.dsc"])
        #expect(error?.description.contains("grpc/broken.dsc") == true)
        #expect(error?.description.contains("is not a FileDescriptorSet") == true)

        try FileManager.default.removeItem(at: grpc.appendingPathComponent("broken.dsc"))
        let mock = try HTTPMock(loadingMappingsFrom: MappingsRoot(root), configuration: .init(mappingExtensions: .grpc))
        #expect(mock.grpc.serviceNames == ["understudy.test.Greeter"])
    }
}
