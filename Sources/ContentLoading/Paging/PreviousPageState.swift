/// Where the start of a capped paged list is (see ``PagedDataSource/maxPages``): whether a page
/// was dropped before the rows, and its refetch.
///
/// | state            | what happened                                   | ``PagedDataSource/loadPrevious()`` |
/// |------------------|-------------------------------------------------|------------------------------------|
/// | ``none``         | the rows start the list: nothing dropped before | fetches nothing                    |
/// | ``available``    | a page was dropped before the rows              | refetches it                       |
/// | ``loading``      | that page is in flight                          | answers with it                    |
/// | ``failed(_:)``   | its refetch failed                              | requests it again                  |
///
/// States are `Equatable`; two failures are equal as ``AppendState``'s are.
public enum PreviousPageState: Sendable, Equatable, CustomStringConvertible {
    /// Nothing was dropped before the rows: they start the list. Always so without a cap.
    case none
    /// A page was dropped before the rows, and nothing is in flight for it.
    case available
    /// The page before the rows is in flight.
    case loading
    /// The page before the rows failed with this error; loading previous requests it again.
    case failed(any Error)

    /// Whether two states are the same case; two failures when their errors are of the same
    /// dynamic type and, if that type is `Equatable`, equal by its `==`.
    public static func == (lhs: PreviousPageState, rhs: PreviousPageState) -> Bool {
        switch (lhs, rhs) {
        case (.none, .none), (.available, .available), (.loading, .loading): true
        case (.failed(let lhs), .failed(let rhs)): errorsAreEqual(lhs, rhs)
        case (.none, _), (.available, _), (.loading, _), (.failed, _): false
        }
    }

    /// The state's name, and the error for ``failed(_:)``, for logs.
    public var description: String {
        switch self {
        case .none: "none"
        case .available: "available"
        case .loading: "loading"
        case .failed(let error): "failed: \(error)"
        }
    }
}
