/// The delivery rule a data source keeps for its reports, restated for the reference models
/// that predict them: a report made while none is being delivered is delivered at once; one
/// made while another is being delivered (from inside a callback) waits behind it, and every
/// report waiting is delivered, in the order made, before the delivery ends.
///
/// A model's `report` asks ``admit(_:)``; if it answers `true`, the model delivers the reports
/// it made, then each ``next()`` until there is none:
///
/// ```swift
/// mutating func report(_ made: [Report]) {
///     guard reports.admit(made) else { return }
///     for report in made { deliver(report) }
///     while let queued = reports.next() { deliver(queued) }
/// }
/// ```
struct ReportQueue<Report> {
    private var queued: [Report] = []
    /// Whether a report is being delivered: a report made now waits.
    private(set) var isDelivering = false

    /// Admits `reports`, made together: `true` when the caller delivers them now (and then
    /// the queue); `false` when they were queued behind the report being delivered.
    mutating func admit(_ reports: [Report]) -> Bool {
        guard !isDelivering else {
            queued += reports
            return false
        }
        isDelivering = true
        return true
    }

    /// The next report queued behind the delivery, oldest first; `nil` when none is left, and
    /// the delivery is over.
    mutating func next() -> Report? {
        guard !queued.isEmpty else {
            isDelivering = false
            return nil
        }
        return queued.removeFirst()
    }
}
