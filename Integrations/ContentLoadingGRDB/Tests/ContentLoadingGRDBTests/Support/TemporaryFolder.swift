import Foundation

/// A folder of its own under the system's temporary folder, removed when released.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ContentLoadingGRDBTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of file `name` in the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
