/// A gRPC status code, by the names of `grpc/status.proto` (and WireMock's gRPC extension's
/// `WireMockGrpc.Status`), which a stub's `grpc-status-name` header gives.
public struct GRPCStatus: Sendable, Hashable, CustomStringConvertible {
    /// The code sent as `grpc-status`.
    public let code: Int
    /// Its name (`NOT_FOUND`).
    public let name: String

    private init(_ code: Int, _ name: String) {
        self.code = code
        self.name = name
    }

    public static let ok = GRPCStatus(0, "OK")
    public static let cancelled = GRPCStatus(1, "CANCELLED")
    public static let unknown = GRPCStatus(2, "UNKNOWN")
    public static let invalidArgument = GRPCStatus(3, "INVALID_ARGUMENT")
    public static let deadlineExceeded = GRPCStatus(4, "DEADLINE_EXCEEDED")
    public static let notFound = GRPCStatus(5, "NOT_FOUND")
    public static let alreadyExists = GRPCStatus(6, "ALREADY_EXISTS")
    public static let permissionDenied = GRPCStatus(7, "PERMISSION_DENIED")
    public static let resourceExhausted = GRPCStatus(8, "RESOURCE_EXHAUSTED")
    public static let failedPrecondition = GRPCStatus(9, "FAILED_PRECONDITION")
    public static let aborted = GRPCStatus(10, "ABORTED")
    public static let outOfRange = GRPCStatus(11, "OUT_OF_RANGE")
    public static let unimplemented = GRPCStatus(12, "UNIMPLEMENTED")
    public static let `internal` = GRPCStatus(13, "INTERNAL")
    public static let unavailable = GRPCStatus(14, "UNAVAILABLE")
    public static let dataLoss = GRPCStatus(15, "DATA_LOSS")
    public static let unauthenticated = GRPCStatus(16, "UNAUTHENTICATED")

    /// Every status, by code.
    public static let all: [GRPCStatus] = [
        .ok, .cancelled, .unknown, .invalidArgument, .deadlineExceeded, .notFound, .alreadyExists, .permissionDenied,
        .resourceExhausted, .failedPrecondition, .aborted, .outOfRange, .unimplemented, .internal, .unavailable, .dataLoss,
        .unauthenticated,
    ]

    /// The status called `name` (`NOT_FOUND`), as a `grpc-status-name` header gives it.
    public init?(name: String) {
        guard let status = Self.all.first(where: { $0.name == name }) else { return nil }
        self = status
    }

    public var description: String { "\(name) (\(code))" }

    /// The status and message an HTTP status answers with when the stub gives no
    /// `grpc-status-name`, as WireMock's gRPC extension maps them
    /// (`internal/GrpcStatusUtils.java`, after gRPC's `http-grpc-status-mapping.md`).
    public static func mapping(httpStatus: Int) -> (status: GRPCStatus, message: String)? {
        switch httpStatus {
        case 400: (.internal, "Bad Request")
        case 401: (.unauthenticated, "You are not authorized to access this resource")
        case 403: (.permissionDenied, "You are not authorized to access this resource")
        case 404: (.unimplemented, "No matching stub mapping found for gRPC request")
        case 429: (.unavailable, "Too many requests")
        case 502: (.unavailable, "Bad Gateway")
        case 503: (.unavailable, "Service Unavailable")
        case 504: (.unavailable, "Gateway Timeout")
        default: nil
        }
    }

    /// `message` as the `grpc-message` trailer carries it: percent-encoded outside printable
    /// ASCII, and `%` itself (gRPC's PROTOCOL-HTTP2.md).
    public static func percentEncoded(_ message: String) -> String {
        var encoded = ""
        for byte in message.utf8 {
            if byte >= 0x20 && byte <= 0x7E && byte != 0x25 {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}
