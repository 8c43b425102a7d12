import Foundation
import Testing

/// Runs `demo` on a pseudo-terminal, as a person at a terminal would, through a short
/// python3 script (the `pty`-style plumbing is a few lines there and hundreds in Swift).
///
/// The script makes the pseudo-terminal the demo's controlling terminal (so Ctrl-C is a real
/// interrupt), plays the steps, waits for the demo to exit, and reports its status, whether
/// the terminal settings came back unchanged, and everything drawn.
enum PseudoTerminal {
    /// Whether python3 is on `PATH`; without it the pseudo-terminal tests are skipped (CI
    /// checks for python3 first, so they never skip there).
    static let isAvailable: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import pty"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    /// Runs `demo arguments…` on a 40×100 pseudo-terminal and plays `steps`.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], steps: [TerminalStep]
    ) async throws -> PseudoTerminalResult {
        let demo = try #require(DemoBinary.path, "the demo binary was not built next to the tests")
        let encode = { (value: any Encodable) throws -> String in
            String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", script, demo, try encode(arguments), try encode(environment),
            try encode(steps.map(\.encoded)),
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: output.fileHandleForReading.readDataToEndOfFile())
            }
        }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the pseudo-terminal driver failed")
        return try JSONDecoder().decode(PseudoTerminalResult.self, from: data)
    }

    /// The driver: argv is demo, arguments (JSON), environment (JSON), steps (JSON).
    private static let script = #"""
        import fcntl, json, os, select, struct, subprocess, sys, termios, time

        demo, args, extra_env, steps = sys.argv[1], *map(json.loads, sys.argv[2:5])
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
        before = termios.tcgetattr(slave)

        def take_terminal():
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        env["TERM"] = "xterm-256color"
        env.update(extra_env)
        child = subprocess.Popen([demo] + args, stdin=slave, stdout=slave, stderr=slave,
                                 preexec_fn=take_terminal, env=env, close_fds=True)
        output, failure, mark = b"", None, 0

        def pump(timeout):
            global output
            ready, _, _ = select.select([master], [], [], timeout)
            if not ready:
                return False
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return False
            output += chunk
            return bool(chunk)

        for kind, value in steps:
            if kind == "send":
                mark = len(output)
                os.write(master, value.encode())
                continue
            deadline = time.monotonic() + 10
            while value.encode() not in output[mark:]:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or (child.poll() is not None and not pump(0)):
                    failure = "never saw %r" % value
                    break
                pump(remaining)
            if failure:
                break

        try:
            status = child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            status = child.wait()
            failure = failure or "did not exit"
        while pump(0):
            pass
        after = termios.tcgetattr(slave)
        print(json.dumps({"status": status, "restored": before == after, "failure": failure,
                          "output": output.decode("utf-8", "replace")}))
        """#
}
