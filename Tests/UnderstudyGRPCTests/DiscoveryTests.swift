import Foundation
import NIOCore
import Testing
import Understudy
@testable import UnderstudyGRPC

/// Server reflection (v1 and v1alpha) and the standard health service, answered by the server
/// itself from the loaded descriptor sets (gRPC's `reflection.proto` and `health.proto` field numbers).
struct DiscoveryTests {
    /// A `ServerReflectionRequest` with one string query (7 list_services, 4 file_containing_symbol, 3 file_by_filename).
    static func reflectionRequest(_ field: Int, _ text: String) -> [UInt8] {
        var writer = ProtobufWriter()
        writer.writeTag(field, .lengthDelimited)
        writer.writeLengthDelimited(Array(text.utf8))
        return writer.bytes
    }

    /// The length-delimited fields numbered `number` of a message.
    static func fields(_ number: Int, of message: some Collection<UInt8>) throws -> [[UInt8]] {
        var reader = ProtobufReader(Array(message))
        var found: [[UInt8]] = []
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            if field == number, wireType == .lengthDelimited { found.append(Array(try reader.readLengthDelimited())) } else { try reader.skip(wireType, field: field) }
        }
        return found
    }

    @Test(arguments: ["/grpc.reflection.v1.ServerReflection/ServerReflectionInfo", "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"])
    func reflectionListsServicesAndHandsOutFilesWithTheirImports(path: String) throws {
        let call = try GRPCExchange(mock: HTTPMock())
        try call.start(path)
        try call.send(bytes: Self.reflectionRequest(7, ""))
        let list = try #require(call.receivedMessages().first)
        let services = try Self.fields(6, of: list).flatMap { try Self.fields(1, of: $0) }.flatMap { try Self.fields(1, of: $0) }
        #expect(services.map { String(decoding: $0, as: UTF8.self) } == ["understudy.test.Greeter"])

        try call.send(bytes: Self.reflectionRequest(4, "understudy.test.Greeter"))
        let files = try #require(call.receivedMessages().first)
        let protos = try Self.fields(4, of: files).flatMap { try Self.fields(1, of: $0) }
        let names = try protos.map { proto in try Self.fields(1, of: proto).first.map { String(decoding: $0, as: UTF8.self) } ?? "" }
        // The served set lacks the well-known types' files; the server adds its own.
        #expect(names.first == "greetings.proto")
        #expect(Set(names.dropFirst()) == ["google/protobuf/timestamp.proto", "google/protobuf/duration.proto", "google/protobuf/wrappers.proto",
                                           "google/protobuf/empty.proto", "google/protobuf/struct.proto"])

        try call.send(bytes: Self.reflectionRequest(4, "understudy.test.Nope"))
        let missing = try #require(call.receivedMessages().first)
        let error = try #require(try Self.fields(7, of: missing).first)
        #expect(error.prefix(2) == [0x08, 5])    // error_code NOT_FOUND
        #expect(call.status == nil)
        try call.end()
        _ = try call.receivedMessages()
        #expect(call.status == 0)
    }

    @Test func healthIsServingForTheServerAndEachLoadedService() throws {
        for (service, expected) in [("", 0), ("understudy.test.Greeter", 0), ("nope.Service", 5)] {
            let call = try GRPCExchange(mock: HTTPMock())
            try call.start(GRPCHealth.checkPath)
            try call.send(bytes: Self.reflectionRequest(1, service))
            try call.end()
            let messages = try call.receivedMessages()
            #expect(call.status == expected, "\(service)")
            #expect(messages == (expected == 0 ? [GRPCHealth.response(GRPCHealth.serving)] : []))
        }
    }

    @Test func healthWatchAnswersAndStaysOpen() throws {
        let call = try GRPCExchange(mock: HTTPMock())
        try call.start(GRPCHealth.watchPath, timeout: "1S")
        try call.send(bytes: Self.reflectionRequest(1, "nope.Service"))
        try call.end()
        #expect(try call.receivedMessages() == [GRPCHealth.response(GRPCHealth.serviceUnknown)])
        #expect(call.status == nil)
        call.advance(by: .seconds(1))
        _ = try call.receivedMessages()
        #expect(call.status == 4)
    }

    @Test func theBuiltInHealthServiceIsNotJournaled() throws {
        // No descriptor set describes grpc.health.v1.Health: the server answers, and nothing is journaled.
        let mock = HTTPMock()
        let call = try GRPCExchange(mock: mock)
        try call.start(GRPCHealth.checkPath)
        try call.send(bytes: [])
        try call.end()
        _ = try call.receivedMessages()
        #expect(call.status == 0)
        #expect(mock.serveEvents.isEmpty)
    }
}
