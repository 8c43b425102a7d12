import ContentLoading
import ContentLoadingTestSupport
import Testing

/// An error that is not `Equatable`: two of them can only be told apart by type.
private struct OpaqueError: Error {
    let id: Int
}

/// An `Equatable` error of another type than ``TestError``, with the same payload.
private struct OtherError: Error, Equatable {
    let id: Int
}

/// A class error, and a subclass of it: equal payloads, different dynamic types.
private class ClassError: Error, @unchecked Sendable {}
private final class SubclassError: ClassError, @unchecked Sendable {}

/// The `==` of the framework's values: cases, payloads, and errors compared by dynamic type and,
/// when `Equatable`, by value.
@Suite("Value equality", .hangLimit)
struct ValueEqualityTests {
    /// Checks that each value equals itself and differs from every other one in `values`.
    func expectAllDistinct<T: Equatable>(_ values: [T], sourceLocation: SourceLocation = #_sourceLocation) {
        for (i, lhs) in values.enumerated() {
            for (j, rhs) in values.enumerated() {
                #expect((lhs == rhs) == (i == j), "\(i): \(lhs) against \(j): \(rhs)", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: - Errors

    @Test func equatableErrorsCompareByValue() {
        #expect(LoadOutcome.failed(TestError(1)) == .failed(TestError(1)))
        #expect(LoadOutcome.failed(TestError(1)) != .failed(TestError(2)))
    }

    @Test func errorsOfDifferentTypesAreNeverEqual() {
        #expect(LoadOutcome.failed(TestError(1)) != .failed(OtherError(id: 1)))
        #expect(LoadOutcome.failed(OtherError(id: 1)) != .failed(TestError(1)))
        #expect(LoadOutcome.failed(TestError(1)) != .failed(OpaqueError(id: 1)))
        #expect(LoadOutcome.failed(CancellationError()) != .failed(OpaqueError(id: 0)))
        #expect(LoadOutcome.failed(ClassError()) != .failed(SubclassError()), "a subclass is another type")
        #expect(LoadOutcome.failed(SubclassError()) != .failed(ClassError()))
    }

    @Test func errorsOfOneTypeThatIsNotEquatableAreEqual() {
        #expect(LoadOutcome.failed(OpaqueError(id: 1)) == .failed(OpaqueError(id: 2)), "only the type is compared")
        #expect(LoadOutcome.failed(CancellationError()) == .failed(CancellationError()))
        #expect(LoadOutcome.failed(SubclassError()) == .failed(SubclassError()))
    }

    // MARK: - Outcomes and states

    @Test func loadOutcomesAreEqualByCase() {
        expectAllDistinct([
            LoadOutcome.committed(hasContent: true), .committed(hasContent: false), .failed(TestError(1)), .superseded,
            .cancelled, .stillRunning, .notStarted,
        ])
        let neverCame: LoadOutcome? = nil
        #expect(neverCame != .committed(hasContent: true), "a bounded wait that gave up is no outcome")
    }

    @Test func pageOutcomesAreEqualByCaseAndPayload() {
        expectAllDistinct([
            PageOutcome.committed(hasMore: true), .committed(hasMore: false), .failed(TestError(1)),
            .failed(TestError(2)), .failed(OtherError(id: 1)), .refused(.endReached), .refused(.refreshInFlight),
            .refused(.noContent), .superseded, .cancelled, .stillRunning,
        ])
        #expect(PageOutcome.failed(TestError(1)) == .failed(TestError(1)))
        #expect(PageOutcome.failed(OpaqueError(id: 1)) == .failed(OpaqueError(id: 2)), "only the type is compared")
        #expect(PageOutcome.refused(.endReached).description == "refused(endReached)")
    }

    @Test func appendStatesAreEqualByCaseAndError() {
        expectAllDistinct([AppendState.idle, .loadingMore, .failed(TestError(1)), .endReached])
        #expect(AppendState.failed(TestError(1)) == .failed(TestError(1)))
        #expect(AppendState.failed(TestError(1)) != .failed(TestError(2)))
        #expect(AppendState.failed(TestError(1)) != .failed(OtherError(id: 1)))
        #expect(AppendState.failed(OpaqueError(id: 1)) == .failed(OpaqueError(id: 2)))
    }

    // MARK: - Placeholders

    @Test func placeholdersCompareTheirTextsImageAndActionTitle() {
        let base = Placeholder(title: "No colours", message: "Pull to refresh", imageName: "palette")
        #expect(base == Placeholder(title: "No colours", message: "Pull to refresh", imageName: "palette"))
        expectAllDistinct([
            base,
            Placeholder(title: "No colour", message: "Pull to refresh", imageName: "palette"),
            Placeholder(title: "No colours", message: nil, imageName: "palette"),
            Placeholder(title: "No colours", message: "Pull to refresh", imageName: nil),
            Placeholder(
                title: "No colours", message: "Pull to refresh", imageName: "palette", action: .init(title: "Retry") {}),
            Placeholder(
                title: "No colours", message: "Pull to refresh", imageName: "palette", action: .init(title: "Add") {}),
        ])
    }

    @Test func placeholderActionsCompareByTitleNotHandler() {
        let retry = Placeholder(title: "Couldn't load", action: .init(title: "Retry") {})
        let otherHandler = Placeholder(title: "Couldn't load", action: .init(title: "Retry") { _ = "another handler" })
        #expect(retry == otherHandler)
        #expect(retry != Placeholder(title: "Couldn't load"), "an action against none")
    }

    @Test func initialScreensCompareTheirPlaceholders() {
        expectAllDistinct([
            InitialScreen.blank, .placeholder(.initial), .placeholder(Placeholder(title: "Search")), .loading,
        ])
        #expect(InitialScreen.placeholder(Placeholder(title: "Search")) == .placeholder(Placeholder(title: "Search")))
    }

    // MARK: - Screens and footers

    @Test func screensAreEqualByCaseAndPayload() {
        expectAllDistinct([
            Screen.blank, .initial(.initial), .empty(.initial), .loading, .content(isRefreshing: false),
            .content(isRefreshing: true), .empty(.empty), .error(TestError(1), .error(TestError(1))),
            .error(TestError(2), .error(TestError(1))), .error(TestError(1), .error(TestError(2))),
            .error(OtherError(id: 1), .error(TestError(1))),
        ])
        #expect(Screen.error(TestError(1), .error(TestError(1))) == .error(TestError(1), .error(TestError(1))))
        #expect(Screen.error(OpaqueError(id: 1), .empty) == .error(OpaqueError(id: 2), .empty))
        #expect(Screen.empty(Placeholder(title: "None")) == .empty(Placeholder(title: "None")))
    }

    @Test func footersAreEqualByCaseErrorAndPlaceholder() {
        let retry = Placeholder(title: "Couldn't load more", action: .init(title: "Retry") {})
        expectAllDistinct([
            Footer(.idle), Footer(.loadingMore), Footer(.endReached), Footer(.failed(TestError(1)), placeholder: retry),
            Footer(.failed(TestError(2)), placeholder: retry), Footer(.failed(OtherError(id: 1)), placeholder: retry),
            Footer(.failed(TestError(1)), placeholder: Placeholder(title: "Couldn't load more")),
        ])
        let sameRetry = Placeholder(
            title: "Couldn't load more", action: .init(title: "Retry") { _ = "another handler" })
        #expect(
            Footer(.failed(TestError(1)), placeholder: retry) == Footer(.failed(TestError(1)), placeholder: sameRetry))
    }

    // MARK: - Retries and pages

    @Test func retryAttemptsCompareEveryField() {
        let attempt = RetryAttempt(number: 2, maxAttempts: 4, error: TestError(1), delay: .seconds(1), lane: .content)
        #expect(
            attempt == RetryAttempt(number: 2, maxAttempts: 4, error: TestError(1), delay: .seconds(1), lane: .content))
        expectAllDistinct([
            attempt,
            RetryAttempt(number: 3, maxAttempts: 4, error: TestError(1), delay: .seconds(1), lane: .content),
            RetryAttempt(number: 2, maxAttempts: 5, error: TestError(1), delay: .seconds(1), lane: .content),
            RetryAttempt(number: 2, maxAttempts: 4, error: TestError(2), delay: .seconds(1), lane: .content),
            RetryAttempt(number: 2, maxAttempts: 4, error: OtherError(id: 1), delay: .seconds(1), lane: .content),
            RetryAttempt(number: 2, maxAttempts: 4, error: TestError(1), delay: .seconds(2), lane: .content),
            RetryAttempt(number: 2, maxAttempts: 4, error: TestError(1), delay: .seconds(1), lane: .page),
        ])
        #expect(
            RetryAttempt(number: 2, maxAttempts: 4, error: OpaqueError(id: 1), delay: .zero, lane: .page)
                == RetryAttempt(number: 2, maxAttempts: 4, error: OpaqueError(id: 2), delay: .zero, lane: .page))
    }

    @Test func pagesOfEquatableRowsAndCursorsCompareBoth() {
        #expect(Page(["red", "blue"], next: 2) == Page(["red", "blue"], next: 2))
        expectAllDistinct([
            Page(["red", "blue"], next: 2), Page(["red"], next: 2), Page(["red", "blue"], next: 3),
            Page(["red", "blue"], next: nil),
        ])
    }
}
