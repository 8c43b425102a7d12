import Foundation

// First thing: a closed pipe must end the output (an EPIPE error), not kill the process.
signal(SIGPIPE, SIG_IGN)

// The main actor is served by the main dispatch queue under an async top level.
let status = await DemoApp.run(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(status)
