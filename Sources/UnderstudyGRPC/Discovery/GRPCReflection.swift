/// gRPC server reflection (`grpc.reflection.v1` and `v1alpha`, which share their messages): lists
/// the services of the loaded descriptor sets and hands out their files, so that `grpcurl`,
/// Postman and the reflection clients find the methods without the `.proto` files.
enum GRPCReflection {
    /// The paths of the two services' one method.
    static let paths: Set<String> = [
        "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
        "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
    ]

    /// The `ServerReflectionResponse` to one `ServerReflectionRequest`.
    static func answer(_ request: [UInt8], pool: DescriptorPool) throws(ProtobufWireError) -> [UInt8] {
        var reader = ProtobufReader(request)
        var host = ""
        var query: (field: Int, text: String)?
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            guard wireType == .lengthDelimited else {
                try reader.skip(wireType, field: field)
                continue
            }
            let bytes = try reader.readLengthDelimited()
            let text = String(decoding: bytes, as: UTF8.self)
            switch field {
            case 1: host = text
            case 3, 4, 5, 6, 7: query = (field, text)
            default: break
            }
        }
        var response = ProtobufWriter()
        if !host.isEmpty {
            response.writeTag(1, .lengthDelimited)
            response.writeLengthDelimited(Array(host.utf8))
        }
        response.writeTag(2, .lengthDelimited)
        response.writeLengthDelimited(request)
        switch query?.field {
        case 7?:
            var list = ProtobufWriter()
            for name in pool.services.keys.sorted() {
                var service = ProtobufWriter()
                service.writeTag(1, .lengthDelimited)
                service.writeLengthDelimited(Array(name.utf8))
                list.writeTag(1, .lengthDelimited)
                list.writeLengthDelimited(service.bytes)
            }
            response.writeTag(6, .lengthDelimited)
            response.writeLengthDelimited(list.bytes)
        case 3?, 4?:
            let text = query?.text ?? ""
            let file = query?.field == 3 ? self.file(named: text, in: pool) : self.file(defining: text, in: pool)
            guard let file else {
                writeError(5, query?.field == 3 ? "file not found: \(text)" : "symbol not found: \(text)", into: &response)
                break
            }
            var files = ProtobufWriter()
            for bytes in withDependencies(file, in: pool) {
                files.writeTag(1, .lengthDelimited)
                files.writeLengthDelimited(bytes)
            }
            response.writeTag(4, .lengthDelimited)
            response.writeLengthDelimited(files.bytes)
        case 6?:
            let type = query?.text ?? ""
            guard pool.messages[type] != nil || WellKnownType(rawValue: type) != nil else {
                writeError(5, "type not found: \(type)", into: &response)
                break
            }
            // No extensions are served: an empty list for the type.
            var numbers = ProtobufWriter()
            numbers.writeTag(1, .lengthDelimited)
            numbers.writeLengthDelimited(Array(type.utf8))
            response.writeTag(5, .lengthDelimited)
            response.writeLengthDelimited(numbers.bytes)
        case 5?:
            writeError(5, "extensions are not served", into: &response)
        default:
            writeError(3, "the request asks for nothing this server knows", into: &response)
        }
        return response.bytes
    }

    private static func writeError(_ code: Int, _ message: String, into response: inout ProtobufWriter) {
        var error = ProtobufWriter()
        error.writeTag(1, .varint)
        error.writeVarint(UInt64(code))
        error.writeTag(2, .lengthDelimited)
        error.writeLengthDelimited(Array(message.utf8))
        response.writeTag(7, .lengthDelimited)
        response.writeLengthDelimited(error.bytes)
    }

    private static func file(named name: String, in pool: DescriptorPool) -> DescriptorPool.File? {
        pool.file(named: name) ?? DescriptorPool.wellKnownFiles.file(named: name)
    }

    private static func file(defining symbol: String, in pool: DescriptorPool) -> DescriptorPool.File? {
        pool.file(defining: symbol) ?? DescriptorPool.wellKnownFiles.file(defining: symbol)
    }

    /// The file's bytes, then those of every file it imports (transitively) that is known.
    private static func withDependencies(_ file: DescriptorPool.File, in pool: DescriptorPool) -> [[UInt8]] {
        var seen: Set<String> = [file.name]
        var order = [file]
        var index = 0
        while index < order.count {
            for name in order[index].dependencies where !seen.contains(name) {
                seen.insert(name)
                if let dependency = self.file(named: name, in: pool) { order.append(dependency) }
            }
            index += 1
        }
        return order.map(\.bytes)
    }
}
