/// What ``WeakDelegateFloor`` calls: a class-bound protocol, as `DataSourceDelegate` is.
@MainActor
protocol FloorDelegate: AnyObject {
    /// Hears one report; does nothing.
    func didReport()
}
