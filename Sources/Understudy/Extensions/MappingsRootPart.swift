/// A part of a root folder besides `mappings/` that a feature reads (WireMock 4's
/// `message-mappings/`, read by `UnderstudyMessaging`): ``HTTPMock/init(loadingMappingsFrom:configuration:)``
/// loads every part its configuration's ``MappingExtensions`` list.
package protocol MappingsRootPart: Sendable {
    /// The part's folder under the root (`message-mappings`).
    static var folder: String { get }
    /// Reads the part's files from `root` into `mock`; throws naming every bad file.
    static func load(from root: MappingsRoot, into mock: HTTPMock) throws(MappingsLoadError)
}
