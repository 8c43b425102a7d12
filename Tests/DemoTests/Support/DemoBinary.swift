import Foundation

/// Finds the `demo` executable the package built next to the running tests.
///
/// SwiftPM puts every product of a build in one directory, whatever `--scratch-path` says,
/// and the test target depends on the demo, so the directory holding the test bundle's
/// executable holds `demo`.
enum DemoBinary {
    /// The path of the built `demo`, or `nil` if it cannot be found.
    static let path: String? = {
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        return directories.map { $0.appendingPathComponent("demo").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
}
