import ContentLoading
import ContentLoadingTestSupport
import Testing

/// The names the outcome and footer types had before one word per meaning: each still compares
/// equal to its new case, so an app's `==` keeps compiling (with a warning) for one release.
@Suite("Deprecated names", .hangLimit)
struct DeprecatedNamesTests {
    @Test func eachOldNameEqualsItsNewCase() {
        // Read through a protocol requirement: the deprecated witness warns nowhere but here.
        let provider: any OldNamesProviding.Type = DeprecatedNames.self
        let old = provider.oldNames()
        #expect(old.loads == [.committed(hasContent: true), .committed(hasContent: false)])
        #expect(old.page == .committed(hasMore: true))
        #expect(old.fetch == .committed("A"))
        #expect(old.write == .superseded)
        #expect(old.answers == [.refused(.endReached), .refused(.refreshInFlight), .refused(.noContent)])
        let retry = Placeholder(title: "Couldn't load more")
        #expect(
            old.footers(retry) == [
                Footer(.idle), Footer(.loadingMore), Footer(.endReached),
                Footer(.failed(TestError(1)), placeholder: retry),
            ])
    }

}

/// Gives the deprecated names, so a test can read them without a warning.
private protocol OldNamesProviding {
    static func oldNames() -> OldNames
}

/// Every deprecated name, read in one place.
private enum DeprecatedNames: OldNamesProviding {
    @available(*, deprecated)
    static func oldNames() -> OldNames {
        OldNames(
            loads: [.content, .empty], page: .appended(hasMore: true), fetch: .landed("A"), write: .outdated,
            answers: [.endReached, .refreshInFlight, .noContent],
            footers: { [.hidden, .loadingMore, .endReached, .failed(TestError(1), $0)] })
    }
}

/// The deprecated names' values.
private struct OldNames {
    let loads: [LoadOutcome]
    let page: PageOutcome
    let fetch: StoreFetchOutcome<String>
    let write: WriteOutcome<String>
    let answers: [LoadMoreAnswer]
    let footers: (Placeholder) -> [Footer]
}
