import ContentLoadingTestSupport
import Foundation
import Testing

/// One of the package's executables (`RefreshWriterChild` by default), run as a separate
/// process whose output lines the test reads while it runs, and which the test may kill.
final class ChildProcess: @unchecked Sendable {
    // @unchecked: `output` is only touched while holding `lock`, an NSLock; `process` is set
    // up before it runs and only its thread-safe members are used afterwards.
    private let lock = NSLock()
    private var output = ""
    private var errorOutput = ""
    private let process = Process()
    /// Opened with the exit status when the process ends.
    let exited = AsyncGate<Int32>()

    /// Starts `executable arguments…`.
    init(_ arguments: [String], executable: String = "RefreshWriterChild") throws {
        let path = try #require(Self.path(of: executable), "\(executable) was not built next to the tests")
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        let errorPipe = Pipe()
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        let exited = self.exited
        process.terminationHandler = { exited.open(returning: $0.terminationStatus) }
        try process.run()
        let handle = pipe.fileHandleForReading
        // Read on a dispatch thread, not one of the few cooperative ones.
        DispatchQueue.global().async { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                lock.withLock { output += String(decoding: data, as: UTF8.self) }
            }
        }
        let errorHandle = errorPipe.fileHandleForReading
        DispatchQueue.global().async { [self] in
            while true {
                let data = errorHandle.availableData
                if data.isEmpty { return }
                lock.withLock { errorOutput += String(decoding: data, as: UTF8.self) }
            }
        }
    }

    deinit {
        // A test that failed early leaves no process behind.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        // Foundation may keep the process object after it ended; the gate goes now.
        process.terminationHandler = nil
    }

    /// The complete lines written so far.
    var lines: [String] {
        let output = lock.withLock { self.output }
        return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The complete lines written to standard error so far.
    var errorLines: [String] {
        let output = lock.withLock { errorOutput }
        return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Kills the process with SIGKILL and waits until it has ended; returns whether it died of it.
    func killAndWait() async throws -> Bool {
        kill(process.processIdentifier, SIGKILL)
        _ = try await exited.wait()
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }

    /// The built `executable`, in the directory holding the test bundle.
    static func path(of executable: String) -> String? {
        directories.map { $0.appendingPathComponent(executable).path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Where the package's executables may be: found once (Foundation's bundle list is costly,
    /// and what it allocates stays).
    private static let directories: [URL] = {
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        return directories
    }()
}
