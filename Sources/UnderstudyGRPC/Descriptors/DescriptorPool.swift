/// The message, enum and service types of one or more `FileDescriptorSet`s (what
/// `protoc --descriptor_set_out` writes), read by a decoder of our own, and the files
/// themselves, as server reflection hands them out.
package struct DescriptorPool: Sendable {
    /// One `.proto` file of a set.
    package struct File: Sendable {
        /// Its name (`greetings.proto`).
        package var name: String
        /// Its package (`understudy.test`).
        package var package: String
        /// The files it imports.
        package var dependencies: [String]
        /// Its `FileDescriptorProto`, as the set held it.
        package var bytes: [UInt8]
        /// The full names of the types and services it defines.
        package var symbols: [String]
    }

    /// Messages by full name.
    package private(set) var messages: [String: MessageDescriptor] = [:]
    /// Enums by full name.
    package private(set) var enums: [String: EnumDescriptor] = [:]
    /// Services by full name.
    package private(set) var services: [String: ServiceDescriptor] = [:]
    /// The files, in the order they were read.
    package private(set) var files: [File] = []

    /// An empty pool.
    package init() {}

    /// The types of a `FileDescriptorSet`'s bytes.
    package init(descriptorSet bytes: [UInt8]) throws(ProtobufWireError) {
        var reader = ProtobufReader(bytes)
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            guard field == 1, wireType == .lengthDelimited else {
                try reader.skip(wireType, field: field)
                continue
            }
            try add(file: reader.readLengthDelimited())
        }
    }

    /// This pool and `other`'s types (`other`'s win where both define one).
    package func merging(_ other: DescriptorPool) -> DescriptorPool {
        var merged = self
        merged.messages.merge(other.messages) { $1 }
        merged.enums.merge(other.enums) { $1 }
        merged.services.merge(other.services) { $1 }
        let names = Set(other.files.map(\.name))
        merged.files = merged.files.filter { !names.contains($0.name) } + other.files
        return merged
    }

    /// The method a call's path names (`/understudy.test.Greeter/SayHello`).
    package func method(forPath path: String) -> (service: ServiceDescriptor, method: ServiceDescriptor.Method)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].isEmpty, let service = services[String(parts[1])],
              let method = service.method(named: String(parts[2])) else { return nil }
        return (service, method)
    }

    /// The file that defines `symbol` (a type, a service, or a service's method as `Service.Method`).
    package func file(defining symbol: String) -> File? {
        if let file = files.first(where: { $0.symbols.contains(symbol) }) { return file }
        guard let dot = symbol.lastIndex(of: ".") else { return nil }
        let owner = String(symbol[..<dot])
        return services[owner] != nil ? files.first { $0.symbols.contains(owner) } : nil
    }

    /// The file called `name`.
    package func file(named name: String) -> File? { files.first { $0.name == name } }

    // MARK: Reading descriptor.proto

    private struct Syntax {
        /// proto3: singular scalars have no presence unless `optional`, repeated scalars are packed.
        var isProto3: Bool
        /// Editions (2023 on): fields have presence and repeated scalars are packed unless told.
        var isEditions: Bool
    }

    private mutating func add(file bytes: ArraySlice<UInt8>) throws(ProtobufWireError) {
        var reader = ProtobufReader(bytes)
        var name = "", package = "", syntaxName = ""
        var dependencies: [String] = []
        var messageBytes: [ArraySlice<UInt8>] = [], enumBytes: [ArraySlice<UInt8>] = [], serviceBytes: [ArraySlice<UInt8>] = []
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            switch (field, wireType) {
            case (1, .lengthDelimited): name = try Self.string(reader.readLengthDelimited(), at: reader.offset)
            case (2, .lengthDelimited): package = try Self.string(reader.readLengthDelimited(), at: reader.offset)
            case (3, .lengthDelimited): dependencies.append(try Self.string(reader.readLengthDelimited(), at: reader.offset))
            case (4, .lengthDelimited): messageBytes.append(try reader.readLengthDelimited())
            case (5, .lengthDelimited): enumBytes.append(try reader.readLengthDelimited())
            case (6, .lengthDelimited): serviceBytes.append(try reader.readLengthDelimited())
            case (12, .lengthDelimited): syntaxName = try Self.string(reader.readLengthDelimited(), at: reader.offset)
            default: try reader.skip(wireType, field: field)
            }
        }
        let syntax = Syntax(isProto3: syntaxName == "proto3", isEditions: syntaxName == "editions")
        let scope = package.isEmpty ? "" : package + "."
        var symbols: [String] = []
        for message in messageBytes { symbols += try addMessage(message, scope: scope, syntax: syntax) }
        for enumeration in enumBytes { symbols.append(try addEnum(enumeration, scope: scope)) }
        for service in serviceBytes { symbols.append(try addService(service, scope: scope)) }
        files.removeAll { $0.name == name }
        files.append(File(name: name, package: package, dependencies: dependencies, bytes: Array(bytes), symbols: symbols))
    }

    /// Adds a message and its nested types; returns the full names it defines.
    private mutating func addMessage(_ bytes: ArraySlice<UInt8>, scope: String, syntax: Syntax) throws(ProtobufWireError) -> [String] {
        var reader = ProtobufReader(bytes)
        var name = ""
        var fieldBytes: [ArraySlice<UInt8>] = [], nestedBytes: [ArraySlice<UInt8>] = [], enumBytes: [ArraySlice<UInt8>] = []
        var oneofs: [String] = []
        var isMapEntry = false
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            switch (field, wireType) {
            case (1, .lengthDelimited): name = try Self.string(reader.readLengthDelimited(), at: reader.offset)
            case (2, .lengthDelimited): fieldBytes.append(try reader.readLengthDelimited())
            case (3, .lengthDelimited): nestedBytes.append(try reader.readLengthDelimited())
            case (4, .lengthDelimited): enumBytes.append(try reader.readLengthDelimited())
            case (7, .lengthDelimited): isMapEntry = try Self.flag(7, in: reader.readLengthDelimited())
            case (8, .lengthDelimited):
                var oneof = ProtobufReader(try reader.readLengthDelimited())
                var oneofName = ""
                while !oneof.isAtEnd {
                    let (inner, innerType) = try oneof.readTag()
                    if inner == 1, innerType == .lengthDelimited {
                        oneofName = try Self.string(oneof.readLengthDelimited(), at: oneof.offset)
                    } else {
                        try oneof.skip(innerType, field: inner)
                    }
                }
                oneofs.append(oneofName)
            default: try reader.skip(wireType, field: field)
            }
        }
        let fullName = scope + name
        var fields: [FieldDescriptor] = []
        for field in fieldBytes { fields.append(try Self.field(field, syntax: syntax)) }
        messages[fullName] = MessageDescriptor(fullName: fullName, fields: fields, isMapEntry: isMapEntry, oneofs: oneofs)
        var symbols = [fullName]
        for nested in nestedBytes { symbols += try addMessage(nested, scope: fullName + ".", syntax: syntax) }
        for enumeration in enumBytes { symbols.append(try addEnum(enumeration, scope: fullName + ".")) }
        return symbols
    }

    private static func field(_ bytes: ArraySlice<UInt8>, syntax: Syntax) throws(ProtobufWireError) -> FieldDescriptor {
        var reader = ProtobufReader(bytes)
        var name = "", jsonName: String?, typeName: String?
        var number = 0, label = 1, typeNumber = 0
        var oneofIndex: Int?
        var proto3Optional = false
        var packedOption: Bool?
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            switch (field, wireType) {
            case (1, .lengthDelimited): name = try string(reader.readLengthDelimited(), at: reader.offset)
            case (3, .varint): number = Int(truncatingIfNeeded: Int32(truncatingIfNeeded: try reader.readVarint()))
            case (4, .varint): label = Int(truncatingIfNeeded: try reader.readVarint())
            case (5, .varint): typeNumber = Int(truncatingIfNeeded: try reader.readVarint())
            case (6, .lengthDelimited):
                let text = try string(reader.readLengthDelimited(), at: reader.offset)
                typeName = text.hasPrefix(".") ? String(text.dropFirst()) : text
            case (8, .lengthDelimited): packedOption = try optionalFlag(2, in: reader.readLengthDelimited())
            case (9, .varint): oneofIndex = Int(truncatingIfNeeded: try reader.readVarint())
            case (10, .lengthDelimited): jsonName = try string(reader.readLengthDelimited(), at: reader.offset)
            case (17, .varint): proto3Optional = try reader.readVarint() != 0
            default: try reader.skip(wireType, field: field)
            }
        }
        let offset = reader.offset
        guard let type = FieldType(rawValue: typeNumber) else {
            throw ProtobufWireError(offset: offset, "field \(name) has the unknown type \(typeNumber)")
        }
        guard number > 0 else { throw ProtobufWireError(offset: offset, "field \(name) has no number") }
        let isRepeated = label == 3
        let hasPresence = !isRepeated && (type == .message || type == .group || oneofIndex != nil || proto3Optional || !syntax.isProto3)
        let isPacked = isRepeated && type.isPackable && (packedOption ?? (syntax.isProto3 || syntax.isEditions))
        return FieldDescriptor(name: name, number: number, jsonName: jsonName, type: type, typeName: typeName, isRepeated: isRepeated,
                               hasPresence: hasPresence, isPacked: isPacked, oneofIndex: oneofIndex)
    }

    private mutating func addEnum(_ bytes: ArraySlice<UInt8>, scope: String) throws(ProtobufWireError) -> String {
        var reader = ProtobufReader(bytes)
        var name = ""
        var values: [(name: String, number: Int32)] = []
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            switch (field, wireType) {
            case (1, .lengthDelimited): name = try Self.string(reader.readLengthDelimited(), at: reader.offset)
            case (2, .lengthDelimited):
                var value = ProtobufReader(try reader.readLengthDelimited())
                var valueName = ""
                var number: Int32 = 0
                while !value.isAtEnd {
                    let (inner, innerType) = try value.readTag()
                    switch (inner, innerType) {
                    case (1, .lengthDelimited): valueName = try Self.string(value.readLengthDelimited(), at: value.offset)
                    case (2, .varint): number = Int32(truncatingIfNeeded: try value.readVarint())
                    default: try value.skip(innerType, field: inner)
                    }
                }
                values.append((valueName, number))
            default: try reader.skip(wireType, field: field)
            }
        }
        enums[scope + name] = EnumDescriptor(fullName: scope + name, values: values)
        return scope + name
    }

    private mutating func addService(_ bytes: ArraySlice<UInt8>, scope: String) throws(ProtobufWireError) -> String {
        var reader = ProtobufReader(bytes)
        var name = ""
        var methods: [ServiceDescriptor.Method] = []
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            switch (field, wireType) {
            case (1, .lengthDelimited): name = try Self.string(reader.readLengthDelimited(), at: reader.offset)
            case (2, .lengthDelimited):
                var method = ProtobufReader(try reader.readLengthDelimited())
                var described = ServiceDescriptor.Method(name: "", inputType: "", outputType: "")
                while !method.isAtEnd {
                    let (inner, innerType) = try method.readTag()
                    switch (inner, innerType) {
                    case (1, .lengthDelimited): described.name = try Self.string(method.readLengthDelimited(), at: method.offset)
                    case (2, .lengthDelimited): described.inputType = try Self.typeName(method.readLengthDelimited(), at: method.offset)
                    case (3, .lengthDelimited): described.outputType = try Self.typeName(method.readLengthDelimited(), at: method.offset)
                    case (5, .varint): described.clientStreaming = try method.readVarint() != 0
                    case (6, .varint): described.serverStreaming = try method.readVarint() != 0
                    default: try method.skip(innerType, field: inner)
                    }
                }
                methods.append(described)
            default: try reader.skip(wireType, field: field)
            }
        }
        services[scope + name] = ServiceDescriptor(fullName: scope + name, methods: methods)
        return scope + name
    }

    private static func string(_ bytes: ArraySlice<UInt8>, at offset: Int) throws(ProtobufWireError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw ProtobufWireError(offset: offset, "a name is not UTF-8") }
        return text
    }

    private static func typeName(_ bytes: ArraySlice<UInt8>, at offset: Int) throws(ProtobufWireError) -> String {
        let text = try string(bytes, at: offset)
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }

    /// A boolean option (`MessageOptions.map_entry` is 7, `FieldOptions.packed` 2), `false` when absent.
    private static func flag(_ number: Int, in options: ArraySlice<UInt8>) throws(ProtobufWireError) -> Bool {
        try optionalFlag(number, in: options) ?? false
    }

    private static func optionalFlag(_ number: Int, in options: ArraySlice<UInt8>) throws(ProtobufWireError) -> Bool? {
        var reader = ProtobufReader(options)
        var value: Bool?
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            if field == number, wireType == .varint {
                value = try reader.readVarint() != 0
            } else {
                try reader.skip(wireType, field: field)
            }
        }
        return value
    }
}
