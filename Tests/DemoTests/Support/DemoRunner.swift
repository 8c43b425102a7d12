import Foundation
import Testing

/// Runs the built `demo` with its output on pipes (so it is not a terminal) and collects
/// what it wrote.
enum DemoRunner {
    /// A run that takes longer than this is killed, so a hung demo fails its test instead of
    /// hanging the suite.
    static let timeLimit: TimeInterval = 30

    /// Runs `demo arguments…` with `environment` added to the test's own (minus `NO_COLOR`),
    /// its standard output sent to `output`.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], output destination: OutputDestination = .pipe
    ) async throws -> DemoResult {
        let path = try #require(DemoBinary.path, "the demo binary was not built next to the tests")
        let process = Process()
        if destination == .closed {
            // Foundation cannot start a process without a standard output; a shell can.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", #"exec "$0" "$@" >&-"#, path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        }
        var combined = ProcessInfo.processInfo.environment
        combined["NO_COLOR"] = nil
        combined.merge(environment) { $1 }
        process.environment = combined
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        if destination == .pipeWithoutReader { try output.fileHandleForReading.close() }
        let started = ContinuousClock.now
        try process.run()
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) {
            guard process.isRunning else { return }
            process.terminate()
            // A demo that ignores SIGTERM must not hang the suite either.
            DispatchQueue.global().asyncAfter(deadline: .now() + 5) {
                if process.isRunning { kill(pid, SIGKILL) }
            }
        }
        let (outputData, errorData) = await withTaskCancellationHandler {
            async let standardOutput =
                destination == .pipeWithoutReader ? Data() : readToEnd(output.fileHandleForReading)
            async let standardError = readToEnd(errors.fileHandleForReading)
            return await (standardOutput, standardError)
        } onCancel: {
            // The test was cancelled (its time limit ran out): end the demo, so its pipes close.
            if process.isRunning { kill(pid, SIGKILL) }
        }
        // Both pipes reached end of file, so the process has closed them: it is exiting.
        process.waitUntilExit()
        if ContinuousClock.now - started >= .seconds(timeLimit) {
            Issue.record("demo \(arguments) ran longer than \(Int(timeLimit)) s and was killed")
        }
        return DemoResult(
            status: process.terminationStatus, diedOfSignal: process.terminationReason == .uncaughtSignal,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// Reads `handle` to its end on a dispatch thread, not one of the few cooperative ones.
    private static func readToEnd(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: handle.readDataToEndOfFile())
            }
        }
    }
}
