/// The demo's help text and version.
enum Usage {
    /// The demo's version.
    static let version = "0.1.0"

    /// What `--help` prints, and bad input follows with.
    static let text = """
        USAGE: demo [options] [success | empty | error | flaky | more | more-error]...
               demo [options] sections
               demo [options] store [revisit | key-change | invalidate | star |
                                     star-fails | star-rapid | list-star |
                                     list-star-fails | list-move]
               demo [options] interactive [sections | store]

        Loads pages of 25 colours through ContentLoading's PagedDataSource from a
        simulated service and draws the loading, content, empty and error states,
        and the footer below the rows, in the terminal.

        COMMANDS:
          success       Load colours: a first page of 25 rows, each with its colour,
                        hex code and name.
          empty         Load an empty list: the empty placeholder.
          error         Fail to load: the error placeholder with a Retry hint.
          flaky         Load from a faltering service: the first two requests after
                        the tap fail, the third answers (a retry, or a Retry tap).
          more          Load the next page: 25 more rows (the list has 4 pages).
          more-error    Fail to load the next page: the rows stay, and the footer
                        says so, with Retry.
          sections      Load a screen of three sections (warm, cool and neutral
                        colours), each its own data source, composed: the loaded
                        sections show with a failed one beside them. Prints the
                        composed state and each section's at the end.
          store         Open two screens on one key of a shared ContentStore and
                        load them at once: the store makes one request, and both
                        draw its answer. The store treats every value as stale.
          store revisit
                        A screen loads the key and closes; a second screen opens
                        on it: its first frame is the stored colours (no loading
                        screen), then it revalidates them as a refresh.
          store key-change
                        A screen on key warm reloads it and changes to cool: it
                        keeps warm's colours, marked as a placeholder, until
                        cool's land; warm's reload never shows.
          store invalidate
                        Two screens show a key; invalidating it makes one request
                        and both redraw.
          store star    Two screens show a key; starring a colour (an optimistic
                        write) shows the star on both at once, then it lands.
          store star-fails
                        The same star, refused by the server: rolled back on both
                        screens, and the failure announced.
          store star-rapid
                        Three taps on a star while the key refreshes: each shows
                        at once, and the screen ends on the server's answer.
          store list-star
                        Two lists of shared colours (all, and the favourites)
                        show colour 2; starring it redraws that row on both at
                        once, printing each list's item-level change (~2).
          store list-star-fails
                        The same star, refused: rolled back on both lists.
          store list-move
                        Colour 5 moves to the top at once; the server's order
                        changes; a refresh lands under the pending move, and
                        the list ends on the server's order.
          interactive   Keys s, e, x and f load; m loads more; r retries; q quits.
                        The default when no command is given on a terminal. Ctrl-Z
                        suspends it. 'interactive sections': s loads the sections,
                        r retries the failed ones. 'interactive store': s loads,
                        o opens a screen on the same key, c closes it, k changes
                        the first screen's key, i invalidates it, * stars row 1.

          Several commands are rapid taps: a reload for each, --interval apart,
          answered after random latencies, so answers come back out of order. The
          last tap wins; each stale answer the framework drops is reported on its own
          line. Once rows are shown, a later tap keeps them visible while it refreshes.

          A page is asked for once the list is on screen, as scrolling to its end
          would: 'more' waits for the taps before it to settle. A reload tapped while
          a page is in flight drops that page, reported as stale. A 'more' that
          fetches nothing prints why: noContent with no rows on screen, endReached
          after the last page.

          With --retry, a failed request is tried again and each attempt printed;
          a tap after error, flaky or more-error comes as that load begins waiting
          to retry, and drops the retry.

        OPTIONS:
          --retry N         Retry a failed load N times (0 to 10, default 0), so it
                            makes up to N + 1 attempts. The first retry waits the
                            longest latency, each later one twice as long (at most
                            10s), with no jitter: 'error --retry 2 --latency 5ms'
                            retries after 5ms, again after 10ms, then shows the
                            error.
          --section-outcomes A,B,C
                            What the warm, cool and neutral sections answer: three
                            of success, error and empty (default success,success,
                            success).
          --latency D[..D]  Service answer time per request (default 200ms..1.5s).
          --interval D      Time between taps (default 150ms; 0 taps all at once).
          --sequential      Tap only after the previous load settled (shows refreshing).
          --seed N          Seed for latencies and colours (printed, to replay a run).
          --immediate       Draw every state the moment it is reached
                            (PresentationPolicy.immediate). By default (.standard) the
                            loading screen waits 500ms, so fast loads never flash it,
                            and once shown stays at least 500ms.
          --plain           No colours or animation: one stable line per state change.
                            Also when stdout is not a terminal or NO_COLOR is set.
          --version         Print the version.
          -h, --help        Print this help.
          --                End of options.

          Durations: 150ms, 1.5s, 2s or 0 (digits, then ms or s; not .5s). A range
          is MIN..MAX with two dots: 200ms..1.5s. --interval and --sequential pace
          the commands; interactive mode, where the keys are the taps,
          'sections', one tap, and 'store', which paces its own steps, reject
          them. 'store' rejects --retry.

        EXIT STATUS:
          0 when the demo ran (an error load is a successful demo), also when the
          reader of its output goes away (demo success | head -1); 64 for bad input;
          74 when standard output cannot be written. Ctrl-C, Ctrl-\\, SIGTERM and
          SIGHUP restore the terminal, then end the demo by that signal as usual
          (a shell reports 128 + the signal's number: 130 for Ctrl-C).

        """
}
