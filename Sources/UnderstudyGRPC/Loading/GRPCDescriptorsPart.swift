public import Understudy

/// `grpc/` as a part of a root folder, as WireMock's gRPC extension reads it: loading a root
/// with ``Understudy/MappingExtensions/grpc`` among its extensions loads the descriptor sets
/// there into the mock's ``Understudy/HTTPMock/grpc``.
enum GRPCDescriptorsPart: MappingsRootPart {
    static let folder = "grpc"

    static func load(from root: MappingsRoot, into mock: HTTPMock) throws(MappingsLoadError) {
        try mock.grpc.reload(from: root)
    }
}

extension MappingExtensions {
    /// gRPC: the descriptor sets of a root's `grpc/` folder (WireMock's gRPC extension's layout).
    public static let grpc = MappingExtensions(rootParts: [GRPCDescriptorsPart.self])
}
