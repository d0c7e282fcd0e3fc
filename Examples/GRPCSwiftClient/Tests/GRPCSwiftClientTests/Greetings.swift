import GRPCCore

// The messages and methods of Tests/E2E/grpc-protos/greetings.proto that the tests call, written
// by hand: a few lines of protobuf's wire format stand in for protoc and swift-protobuf.

/// `understudy.test.HelloRequest`: `string name = 1; int32 times = 2;`.
struct HelloRequest: Equatable, ProtoWireMessage {
    var name = ""
    var times: Int32 = 0

    init(name: String = "", times: Int32 = 0) {
        self.name = name
        self.times = times
    }

    init(wire: [UInt8]) throws {
        var reader = ProtoWireReader(wire)
        while let field = try reader.next() {
            switch field {
            case .lengthDelimited(1, let bytes): name = String(decoding: bytes, as: UTF8.self)
            case .varint(2, let value): times = Int32(truncatingIfNeeded: value)
            default: break
            }
        }
    }

    var wire: [UInt8] {
        var writer = ProtoWireWriter()
        writer.string(1, name)
        writer.varint(2, UInt64(bitPattern: Int64(times)))
        return writer.bytes
    }
}

/// `understudy.test.HelloReply`: `string greeting = 1; Mood mood = 2;`.
struct HelloReply: Equatable, ProtoWireMessage {
    /// `understudy.test.Mood`.
    enum Mood: Int32, Sendable {
        case unspecified = 0, happy = 1, grumpy = 2
    }

    var greeting = ""
    var mood = Mood.unspecified

    init(greeting: String = "", mood: Mood = .unspecified) {
        self.greeting = greeting
        self.mood = mood
    }

    init(wire: [UInt8]) throws {
        var reader = ProtoWireReader(wire)
        while let field = try reader.next() {
            switch field {
            case .lengthDelimited(1, let bytes): greeting = String(decoding: bytes, as: UTF8.self)
            case .varint(2, let value): mood = Mood(rawValue: Int32(truncatingIfNeeded: value)) ?? .unspecified
            default: break
            }
        }
    }

    var wire: [UInt8] {
        var writer = ProtoWireWriter()
        writer.string(1, greeting)
        writer.varint(2, UInt64(mood.rawValue))
        return writer.bytes
    }
}

/// `understudy.test.Greeter`'s methods, as grpc-swift names them.
enum Greeter {
    static let sayHello = MethodDescriptor(fullyQualifiedService: "understudy.test.Greeter", method: "SayHello")
    static let countDown = MethodDescriptor(fullyQualifiedService: "understudy.test.Greeter", method: "CountDown")
}
