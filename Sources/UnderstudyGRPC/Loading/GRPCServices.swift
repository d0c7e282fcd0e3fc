public import Foundation
public import Understudy
import UnderstudySupport

/// The gRPC services a mock answers: the types of the descriptor sets it has loaded (from the
/// `grpc/` folder of its root, or given in code). Each mock has its own, shared with its
/// namespaced handles; reach it as `HTTPMock.grpc`.
///
/// ```swift
/// let mock = HTTPMock()
/// try mock.grpc.load(descriptorSet: Data(contentsOf: URL(fileURLWithPath: "greetings.dsc")), named: "greetings.dsc")
/// ```
public final class GRPCServices: Sendable {
    private let state = Locked(DescriptorPool())
    /// Static stubs' answers, encoded by these types.
    let answers = GRPCAnswerCache()

    init() {}

    /// The types every loaded descriptor set defines.
    package var pool: DescriptorPool { state.withLock { $0 } }

    /// The full names of the services it answers, sorted.
    public var serviceNames: [String] { pool.services.keys.sorted() }

    /// Adds the types of a `FileDescriptorSet` (what `protoc --descriptor_set_out` writes);
    /// `name` is how an error names it. Types already loaded with the same name are replaced.
    public func load(descriptorSet: Data, named name: String) throws(GRPCDescriptorError) {
        let added = try Self.read(descriptorSet, named: name)
        state.withLock { $0 = $0.merging(added) }
        answers.removeAll()
    }

    /// Replaces every loaded type with those of the descriptor sets under `root`'s `grpc/`
    /// folder (`*.dsc` and `*.desc`, any depth, read in path order), as
    /// `POST /__admin/ext/grpc/reset` does. When a file cannot be read, nothing changes and the
    /// error names every such file.
    public func reload(from root: MappingsRoot) throws(MappingsLoadError) {
        let loaded = try Self.pool(under: root)
        state.withLock { $0 = loaded }
        answers.removeAll()
    }

    /// The types of the descriptor sets under `root/grpc`.
    static func pool(under root: MappingsRoot) throws(MappingsLoadError) -> DescriptorPool {
        let folder = root.url.appendingPathComponent(GRPCDescriptorsPart.folder, isDirectory: true)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else { return DescriptorPool() }
        guard isDirectory.boolValue else {
            throw MappingsLoadError(errors: [MappingDecodingError(file: GRPCDescriptorsPart.folder, path: "",
                                                                  message: "is a file; grpc must be a folder of descriptor sets (*.dsc, *.desc)")])
        }
        let rootPath = root.url.path.hasSuffix("/") ? root.url.path : root.url.path + "/"
        let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { ["dsc", "desc"].contains($0.pathExtension.lowercased()) }
            .map { ($0, $0.path.hasPrefix(rootPath) ? String($0.path.dropFirst(rootPath.count)) : $0.path) }
            .sorted { $0.1 < $1.1 }
        var pool = DescriptorPool()
        var errors: [MappingDecodingError] = []
        for (url, name) in files {
            do {
                let data = try Data(contentsOf: url)
                pool = pool.merging(try read(data, named: name))
            } catch let error as GRPCDescriptorError {
                errors.append(MappingDecodingError(file: name, path: "", message: error.reason))
            } catch {
                errors.append(MappingDecodingError(file: name, path: "", message: "cannot be read: \(error.localizedDescription)"))
            }
        }
        if !errors.isEmpty { throw MappingsLoadError(errors: errors) }
        return pool
    }

    private static func read(_ data: Data, named name: String) throws(GRPCDescriptorError) -> DescriptorPool {
        do {
            let pool = try DescriptorPool(descriptorSet: Array(data))
            guard !pool.files.isEmpty else {
                throw GRPCDescriptorError(file: name, reason: "holds no file descriptor; make it with protoc --descriptor_set_out")
            }
            return pool
        } catch let error as GRPCDescriptorError {
            throw error
        } catch {
            throw GRPCDescriptorError(file: name, reason: "is not a FileDescriptorSet (protoc --descriptor_set_out): \(error)")
        }
    }
}

/// A descriptor set that cannot be read, naming its file.
public struct GRPCDescriptorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or the name it was given).
    public let file: String
    /// What is wrong with it.
    public let reason: String

    public var description: String { "\(file): \(reason)" }
}

extension HTTPMock {
    /// The gRPC services this mock answers (and its namespaced handles): the descriptor sets it
    /// has loaded.
    public var grpc: GRPCServices { extensionValue(GRPCServices.self) { _ in GRPCServices() } }
}
