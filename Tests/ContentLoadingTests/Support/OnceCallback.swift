/// The test's code for a callback the library asks (a store data source's `isEmpty`, say), run
/// once, the next time the callback is asked; set it once the fixture is made.
@MainActor
final class OnceCallback {
    /// Runs once, the next time ``run()`` is called; capture the fixtures `unowned`.
    var body: (() -> Void)?

    /// Runs ``body`` if it is set, and clears it.
    func run() {
        guard let body else { return }
        self.body = nil
        body()
    }
}
