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

    /// A driver still running after this long is killed, so a hung session fails its test
    /// instead of hanging the suite.
    static let timeLimit: TimeInterval = 120

    /// Runs `demo arguments…` on a pseudo-terminal of `rows`×`columns` and plays `steps`;
    /// after the last step, waits up to `exitTimeout` for the demo to exit, then kills it.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], rows: Int = 40, columns: Int = 100,
        steps: [TerminalStep], exitTimeout: Duration = .seconds(10)
    ) async throws -> PseudoTerminalResult {
        let demo = try #require(DemoBinary.path, "the demo binary was not built next to the tests")
        let encode = { (value: any Encodable) throws -> String in
            String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", script, demo, try encode(arguments), try encode(environment),
            try encode(steps.map(\.encoded)), try encode([rows, columns]),
            try encode(Double(exitTimeout.components.seconds) + Double(exitTimeout.components.attoseconds) / 1e18),
            shell,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        let started = ContinuousClock.now
        try process.run()
        // The driver gives up on each step after 10 s by itself; this is for a driver that hangs.
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) {
            if process.isRunning { kill(pid, SIGKILL) }
        }
        let data = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(returning: output.fileHandleForReading.readDataToEndOfFile())
                }
            }
        } onCancel: {
            // The test was cancelled (its time limit ran out): end the driver, so its pipe closes.
            if process.isRunning { kill(pid, SIGKILL) }
        }
        process.waitUntilExit()
        if ContinuousClock.now - started >= .seconds(timeLimit) {
            Issue.record("the pseudo-terminal driver ran longer than \(Int(timeLimit)) s and was killed")
        }
        #expect(process.terminationStatus == 0, "the pseudo-terminal driver failed")
        return try JSONDecoder().decode(PseudoTerminalResult.self, from: data)
    }

    /// The driver: argv is demo, arguments, environment, steps, size, exit timeout in seconds
    /// (JSON each), and the shell script. It reads the demo's output all along, so the demo never blocks on a full
    /// pseudo-terminal, however much it draws.
    private static let script = #"""
        import fcntl, json, os, select, signal, struct, subprocess, sys, termios, time

        demo, args, extra_env, steps, size, exit_timeout = sys.argv[1], *map(json.loads, sys.argv[2:7])
        shell = sys.argv[7]
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[0], size[1], 0, 0))
        # Flow control on, as on a usual terminal: Ctrl-S pauses the output, Ctrl-Q resumes it.
        attributes = termios.tcgetattr(slave)
        attributes[0] |= termios.IXON
        termios.tcsetattr(slave, termios.TCSANOW, attributes)
        before = termios.tcgetattr(slave)
        report_r, report_w = os.pipe()
        control_r, control_w = os.pipe()

        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        env["TERM"] = "xterm-256color"
        env.update(extra_env)
        child = subprocess.Popen([sys.executable, "-c", shell, str(report_w), str(control_r), demo] + args,
                                 stdin=slave, stdout=slave, stderr=slave, env=env,
                                 pass_fds=(report_w, control_r))
        os.close(report_w)
        os.close(control_r)
        output, failure, mark, pid, exit_code, stops, reports = b"", None, 0, None, None, [], b""

        def read_output(timeout):
            """Reads what the demo drew, waiting up to timeout seconds; False if nothing came."""
            global output
            if not select.select([master], [], [], timeout)[0]:
                return False
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return False
            output += chunk
            return bool(chunk)

        def drain():
            """Reads everything already drawn (the demo is stopped or gone)."""
            while read_output(0.05):
                pass

        def pump(timeout):
            """Reads output and the shell's reports, waiting up to timeout seconds for either."""
            global pid, exit_code, reports
            ready, _, _ = select.select([master, report_r], [], [], timeout)
            if master in ready:
                read_output(0)
            if report_r in ready:
                # The shell gone without a word reads as status 255.
                reports += os.read(report_r, 65536) or b'{"exit": 255}\n'
                while b"\n" in reports:
                    line, reports = reports.split(b"\n", 1)
                    event = json.loads(line)
                    if "pid" in event:
                        pid = event["pid"]
                    elif "stopped" in event:
                        drain()
                        stops.append({"restored": termios.tcgetattr(slave) == before,
                                      "outputBefore": output[-400:].decode("utf-8", "replace")})
                        os.write(control_w, b"continue\n")
                    else:
                        exit_code = event["exit"]
            return bool(ready)

        deadline = time.monotonic() + 10
        while pid is None and time.monotonic() < deadline:
            pump(0.1)

        for kind, value in steps:
            if kind == "send":
                mark = len(output)
                os.write(master, value.encode())
                continue
            if kind == "signal":
                mark = len(output)
                os.kill(pid, getattr(signal, value))
                continue
            if kind == "pause":
                end = time.monotonic() + float(value)
                while time.monotonic() < end:
                    pump(end - time.monotonic())
                continue
            if kind == "resize":
                mark = len(output)
                rows, columns = map(int, value.split("x"))
                fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
                continue
            deadline = time.monotonic() + 10
            while value.encode() not in output[mark:]:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or exit_code is not None and not pump(0.05):
                    failure = "never saw %r" % value
                    break
                pump(min(remaining, 0.5))
            if failure:
                break

        deadline = time.monotonic() + exit_timeout
        while exit_code is None and time.monotonic() < deadline:
            pump(min(deadline - time.monotonic(), 0.5))
        if exit_code is None:
            failure = failure or "did not exit"
            if pid is not None:
                os.killpg(pid, signal.SIGKILL)
            child.kill()
        drain()
        child.wait()
        after = termios.tcgetattr(slave)
        print(json.dumps({"status": exit_code if exit_code is not None and exit_code >= 0 else None,
                          "signal": -exit_code if exit_code is not None and exit_code < 0 else None,
                          "restored": before == after, "failure": failure, "stops": stops,
                          "output": output.decode("utf-8", "replace")}))
        """#

    /// A job-control shell in a few lines: it leads the pseudo-terminal's session and runs the
    /// demo as its foreground job, in a process group of its own. Like a login shell's jobs,
    /// that group is not orphaned, so Ctrl-Z really stops the demo (the kernel drops stop
    /// signals to orphaned groups). It reports the demo's pid, each stop (then waits for the
    /// driver to say continue, and continues the demo as `fg` does) and the exit status,
    /// negative for a signal.
    private static let shell = #"""
        import fcntl, json, os, resource, signal, sys, termios

        report_fd, control_fd, demo = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
        os.set_inheritable(report_fd, False)
        os.set_inheritable(control_fd, False)
        report, control = os.fdopen(report_fd, "w", buffering=1), os.fdopen(control_fd, "r")
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        signal.signal(signal.SIGTTOU, signal.SIG_IGN)
        pid = os.fork()
        if pid == 0:
            os.setpgid(0, 0)
            os.tcsetpgrp(0, os.getpid())
            signal.signal(signal.SIGTTOU, signal.SIG_DFL)
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # Ctrl-backslash leaves no core file
            os.execv(demo[0], demo)
        try:
            os.setpgid(pid, pid)
            os.tcsetpgrp(0, pid)
        except OSError:
            pass  # The child did both already.
        report.write(json.dumps({"pid": pid}) + "\n")
        while True:
            _, status = os.waitpid(pid, os.WUNTRACED)
            if os.WIFSTOPPED(status):
                os.tcsetpgrp(0, os.getpgrp())
                report.write(json.dumps({"stopped": os.WSTOPSIG(status)}) + "\n")
                control.readline()
                os.tcsetpgrp(0, pid)
                os.killpg(pid, signal.SIGCONT)
                continue
            report.write(json.dumps({"exit": os.waitstatus_to_exitcode(status)}) + "\n")
            break
        """#
}
