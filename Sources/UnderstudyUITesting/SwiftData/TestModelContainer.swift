// Compiled only where SwiftData exists (Apple platforms); verified only by the macOS CI job.
#if canImport(SwiftData)
public import SwiftData

/// SwiftData containers for tests.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public enum TestModelContainer {
    /// A container for `types` kept in memory only (`ModelConfiguration(isStoredInMemoryOnly: true)`),
    /// so each test starts empty and leaves nothing on disk.
    public static func create(for types: any PersistentModel.Type...) throws -> ModelContainer {
        try ModelContainer(for: Schema(types), configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }
}
#endif
