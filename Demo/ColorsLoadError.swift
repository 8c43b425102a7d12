/// The failure the simulated colour service answers with; it names the request, so a second
/// error is visibly a different one.
struct ColorsLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The number of the request that failed.
    let requestNumber: Int

    /// A sentence for the error placeholder.
    var description: String { "the colour service answered 503 to request #\(requestNumber)" }
}
