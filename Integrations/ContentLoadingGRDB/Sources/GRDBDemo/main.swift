// An offline-capable demo of ContentLoadingGRDB over a database file:
//
//     grdb-demo --database PATH [--offline] [--latency MS] [--write TEXT]
//     grdb-demo feed --database PATH [--offline] [--latency MS] [--star ID]
//
// The first run fetches the colours and a message from a simulated network and stores them;
// the next run draws the stored ones on its first frame, then revalidates them. With
// `--offline` the network fails: stored rows stay on screen with the failure beside them, and a
// first run shows the error screen. `--write TEXT` writes a new message optimistically: it shows
// at once and is kept in the database until it is sent; offline it waits, and the next runs show
// it again, until one online sends it. `--help` and `--version` print to standard output. Exit
// status (see Usage.swift): 0, or 64 on a usage error (named, on standard error, with the
// usage), 1 if the database cannot be opened.

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let command: DemoCommand
do {
    command = try DemoCommand.parse(arguments)
} catch {
    let usage = arguments.first == "feed" ? Usage.feedText : Usage.text
    FileHandle.standardError.write(Data("grdb-demo: \(error.message)\n\n\(usage)".utf8))
    exit(64)
}
switch command {
case .help:
    print(Usage.text, terminator: "")
    exit(0)
case .feedHelp:
    print(Usage.feedText, terminator: "")
    exit(0)
case .version:
    print("grdb-demo \(Usage.version)")
    exit(0)
case .run(let options):
    // Everything the run made is released before the process exits (the leak check sees no leak).
    exit(await DemoRun.run(options))
case .feed(let options):
    exit(await FeedRun.run(options))
}
