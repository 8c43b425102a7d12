/// The demo's help text and version.
enum Usage {
    /// The demo's version.
    static let version = "0.1.0"

    /// What `--help` prints, and bad input follows with.
    static let text = """
        USAGE: grdb-demo --database PATH [--offline] [--latency MS] [--write TEXT]
               grdb-demo feed --database PATH [--offline] [--latency MS] [--star ID]

        An offline-capable demo of ContentLoadingGRDB over a database file. The
        first run fetches the colours and a message from a simulated network and
        stores them; the next run draws the stored ones on its first frame, then
        revalidates them.

        OPTIONS:
          --database PATH   The database file (created if absent). Required.
          --offline         The network fails: stored rows stay on screen with the
                            failure beside them; a first run shows the error screen.
          --latency MS      The network's answer time, in whole milliseconds
                            (default 300).
          --write TEXT      Write a new message optimistically: it shows at once
                            and is kept in the database until it is sent; offline
                            it waits, and the next runs show it again, until one
                            online sends it.
          --version         Print the version.
          -h, --help        Print this help.

          grdb-demo feed shows a paged feed kept in the database (see
          grdb-demo feed --help).

          An option's value follows it (--latency 0) or an equals sign
          (--write=--not-an-option).

        EXIT STATUS:
          0 when the demo ran (an error screen is a successful demo), and for
          --help and --version; 64 for bad input; 1 if the database cannot be
          opened.

        """

    /// What `grdb-demo feed --help` prints, and bad input to the feed follows with.
    static let feedText = """
        USAGE: grdb-demo feed --database PATH [--offline] [--latency MS] [--star ID]

        A paged feed of articles kept in the database file. Online, it refreshes
        the feed from a simulated server and scrolls once: two pages fetched and
        stored. Offline, it shows the stored pages at once, and the footer says
        where they end.

        OPTIONS:
          --database PATH   The database file (created if absent). Required.
          --offline         The network fails: the stored pages show, and the
                            page after them fails in the footer.
          --latency MS      The network's answer time, in whole milliseconds
                            (default 300).
          --star ID         Star article ID optimistically: it shows at once and
                            is kept in the database until it is sent; offline it
                            waits, and the next runs show it again, until one
                            online sends it.
          --version         Print the version.
          -h, --help        Print this help.

        EXIT STATUS:
          0 when the demo ran, and for --help and --version; 64 for bad input;
          1 if the database cannot be opened.

        """
}
