// An offline-capable demo of ContentLoadingGRDB over a database file:
//
//     grdb-demo --database PATH [--offline] [--latency MS] [--write TEXT]
//
// The first run fetches the colours and a message from a simulated network and stores them;
// the next run draws the stored ones on its first frame, then revalidates them. With
// `--offline` the network fails: stored rows stay on screen with the failure beside them, and a
// first run shows the error screen. `--write TEXT` writes a new message optimistically: it shows
// at once and is kept in the database until it is sent; offline it waits, and the next runs show
// it again, until one online sends it. Exit status: 0, or 64 on a usage error, 1 if the database
// cannot be opened.

import Foundation

guard let options = Options(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(
        Data("usage: grdb-demo --database PATH [--offline] [--latency MS] [--write TEXT]\n".utf8))
    exit(64)
}
// Everything the run made is released before the process exits (the leak check sees no leak).
exit(await DemoRun.run(options))
