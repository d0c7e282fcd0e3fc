import Foundation
import UnderstudyMocks

/// The brief's file-system boundary.
@Mockable
protocol FileSystemProviding: Sendable {
    func fileExists(atPath path: String) -> Bool
    func contentsOfDirectory(at url: URL) throws -> [URL]
    func read(from url: URL) throws -> Data
    func write(_ data: Data, to url: URL) throws
}
