/// The standard health service (`grpc.health.v1.Health`): every loaded service, and the server
/// as a whole (`""`), is `SERVING`; another name is `NOT_FOUND` to `Check` and
/// `SERVICE_UNKNOWN` to `Watch`, as gRPC's own health servers answer.
enum GRPCHealth {
    static let checkPath = "/grpc.health.v1.Health/Check"
    static let watchPath = "/grpc.health.v1.Health/Watch"

    /// `HealthCheckResponse.ServingStatus`.
    static let serving: UInt64 = 1
    static let serviceUnknown: UInt64 = 3

    /// The service a `HealthCheckRequest` names.
    static func service(in request: [UInt8]) throws(ProtobufWireError) -> String {
        var reader = ProtobufReader(request)
        var service = ""
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            if field == 1, wireType == .lengthDelimited {
                service = String(decoding: try reader.readLengthDelimited(), as: UTF8.self)
            } else {
                try reader.skip(wireType, field: field)
            }
        }
        return service
    }

    /// Whether `service` is served.
    static func knows(_ service: String, pool: DescriptorPool) -> Bool { service.isEmpty || pool.services[service] != nil }

    /// A `HealthCheckResponse` with `status`.
    static func response(_ status: UInt64) -> [UInt8] {
        var writer = ProtobufWriter()
        writer.writeTag(1, .varint)
        writer.writeVarint(status)
        return writer.bytes
    }
}
