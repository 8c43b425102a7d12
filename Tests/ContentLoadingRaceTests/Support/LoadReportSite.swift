/// The two callbacks around a load, as each lane's re-entry sites name them.
protocol LoadReportSite: Hashable {
    /// `dataSourceWillBeginLoading(_:)`.
    static var willBegin: Self { get }
    /// `dataSource(_:didFinishLoadingWith:)`.
    static var didFinish: Self { get }
}
