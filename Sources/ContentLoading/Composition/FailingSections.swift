/// The sections of a ``ComposedDataSource`` that are failing now, and the failure its error
/// screen shows: the latest of theirs.
///
/// A section that fails joins with a new sequence number and becomes the one shown. When the
/// shown section recovers, begins a load or leaves, the latest of the others takes its place,
/// so the error screen never shows the failure of a section that is no longer failing. A
/// failure costs O(1); only losing the shown section looks through the others.
struct FailingSections {
    private var failures: [ObjectIdentifier: (error: any Error, sequence: UInt64)] = [:]
    private var sequence: UInt64 = 0
    /// The section whose failure the error screen shows, if any section is failing.
    private(set) var shown: ObjectIdentifier?

    /// The failure the error screen shows.
    var shownFailure: (any Error)? { shown.flatMap { failures[$0]?.error } }

    /// Whether `section` is counted as failing.
    func contains(_ section: ObjectIdentifier) -> Bool { failures[section] != nil }

    /// `section` failed with `error`, just now: its failure is the latest.
    mutating func sectionFailed(_ section: ObjectIdentifier, with error: any Error) {
        sequence &+= 1
        failures[section] = (error, sequence)
        shown = section
    }

    /// `section` is not failing: it loaded, began a load, or left.
    mutating func sectionStoppedFailing(_ section: ObjectIdentifier) {
        guard failures.removeValue(forKey: section) != nil, shown == section else { return }
        shown = failures.max { $0.value.sequence < $1.value.sequence }?.key
    }
}
