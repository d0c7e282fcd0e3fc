public import GRPCCore

// The messages and methods of Tests/E2E/grpc-protos/greetings.proto that the tests and the
// benchmark call, written by hand: a few lines of protobuf's wire format stand in for protoc and
// swift-protobuf.

/// `understudy.test.HelloRequest`: `string name = 1; int32 times = 2;`.
public struct HelloRequest: Equatable, ProtoWireMessage {
    /// Field 1, `name`.
    public var name = ""
    /// Field 2, `times`.
    public var times: Int32 = 0

    /// A request; fields left out keep proto3's defaults.
    public init(name: String = "", times: Int32 = 0) {
        self.name = name
        self.times = times
    }

    /// Decodes a request; unknown fields are skipped.
    public init(wire: [UInt8]) throws {
        var reader = ProtoWireReader(wire)
        while let field = try reader.next() {
            switch field {
            case .lengthDelimited(1, let bytes): name = String(decoding: bytes, as: UTF8.self)
            case .varint(2, let value): times = Int32(truncatingIfNeeded: value)
            default: break
            }
        }
    }

    /// The request's encoding.
    public var wire: [UInt8] {
        var writer = ProtoWireWriter()
        writer.string(1, name)
        writer.varint(2, UInt64(bitPattern: Int64(times)))
        return writer.bytes
    }
}

/// `understudy.test.HelloReply`: `string greeting = 1; Mood mood = 2;`.
public struct HelloReply: Equatable, ProtoWireMessage {
    /// `understudy.test.Mood`.
    public enum Mood: Int32, Sendable {
        /// `MOOD_UNSPECIFIED`, the default.
        case unspecified = 0
        /// `HAPPY`.
        case happy = 1
        /// `GRUMPY`.
        case grumpy = 2
    }

    /// Field 1, `greeting`.
    public var greeting = ""
    /// Field 2, `mood`.
    public var mood = Mood.unspecified

    /// A reply; fields left out keep proto3's defaults.
    public init(greeting: String = "", mood: Mood = .unspecified) {
        self.greeting = greeting
        self.mood = mood
    }

    /// Decodes a reply; unknown fields are skipped, and an unknown mood reads as unspecified.
    public init(wire: [UInt8]) throws {
        var reader = ProtoWireReader(wire)
        while let field = try reader.next() {
            switch field {
            case .lengthDelimited(1, let bytes): greeting = String(decoding: bytes, as: UTF8.self)
            case .varint(2, let value): mood = Mood(rawValue: Int32(truncatingIfNeeded: value)) ?? .unspecified
            default: break
            }
        }
    }

    /// The reply's encoding.
    public var wire: [UInt8] {
        var writer = ProtoWireWriter()
        writer.string(1, greeting)
        writer.varint(2, UInt64(mood.rawValue))
        return writer.bytes
    }
}

/// `understudy.test.Greeter`'s methods, as grpc-swift names them.
public enum Greeter {
    /// `rpc SayHello (HelloRequest) returns (HelloReply)`.
    public static let sayHello = MethodDescriptor(fullyQualifiedService: "understudy.test.Greeter", method: "SayHello")
    /// `rpc CountDown (HelloRequest) returns (stream HelloReply)`.
    public static let countDown = MethodDescriptor(fullyQualifiedService: "understudy.test.Greeter", method: "CountDown")
}
