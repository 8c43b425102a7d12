import Foundation

// First thing: a closed pipe must end the output with an error to handle (EPIPE), not kill
// the process, even while the usage is printed; and a closed descriptor must not be reused.
signal(SIGPIPE, SIG_IGN)
StandardStream.reserveClosedDescriptors()

// The main actor is served by the main dispatch queue under an async top level.
let status = await DemoApp.run(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(status)
