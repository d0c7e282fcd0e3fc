// Compiled only where SwiftData exists (Apple platforms); checked only by the CI workflow's macos job (not yet observed green).
#if canImport(SwiftData)
public import SwiftData

/// SwiftData containers for tests: unit tests, and previews' sample data.
///
/// The container lives in the process that creates it. In a UI test that is the test runner,
/// not the launched app, so a container made here holds nothing the app shows; seed a UI-tested
/// app's data through the mock server or a launch argument the app reads instead.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public enum TestModelContainer {
    /// A container for `types` kept in memory only (`ModelConfiguration(isStoredInMemoryOnly: true)`),
    /// so each test starts empty and leaves nothing on disk.
    public static func create(for types: any PersistentModel.Type...) throws -> ModelContainer {
        try ModelContainer(for: Schema(types), configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }
}
#endif
