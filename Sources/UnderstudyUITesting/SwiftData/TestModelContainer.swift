// Compiled only where SwiftData exists (Apple platforms); checked only by the CI workflow's macos job (not yet observed green).
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
