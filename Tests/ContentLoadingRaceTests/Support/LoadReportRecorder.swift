import ContentLoading

/// A live system that logs a data source's load reports as every reference model writes them,
/// `willBegin`, then `finished(ok)` or `finished(<error>)`, and lets a step act on the
/// framework again from inside each (its ``LoadReportSite``s).
@MainActor
protocol LoadReportRecorder: DataSourceDelegate {
    associatedtype Site: LoadReportSite
    /// Appends `line` to the log the reference model predicts.
    func record(_ line: String)
    /// Does what a step asked `site` to do the next time it is called.
    func reenter(from site: Site)
}

extension LoadReportRecorder {
    func dataSourceWillBeginLoading(_ dataSource: DataSource) {
        record("willBegin")
        reenter(from: .willBegin)
    }

    func dataSource(_ dataSource: DataSource, didFinishLoadingWith error: (any Error)?) {
        record(Self.finished(error))
        reenter(from: .didFinish)
    }

    /// How a load's end is logged: `finished(ok)`, or the error it failed with.
    static func finished(_ error: (any Error)?) -> String { "finished(\(error.map { "\($0)" } ?? "ok"))" }
}
