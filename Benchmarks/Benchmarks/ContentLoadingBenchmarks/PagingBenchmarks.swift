import Benchmark
import ContentLoading

/// Appending a page to a paged list whose pages arrive at once: the first append (to a list of
/// one page, 25 rows) against the 200th (to a list of 200 pages, 5,000 rows). The framework's
/// cost must grow with the page, not with the list.
func registerPagingBenchmarks() {
    // Under `.immediate` every append draws the footer twice (loading more, then hidden); under
    // the default policy the page arrives within the loading delay, so neither is drawn.
    appendBenchmark("Paging.ContentLoading.Append.First", pages: 1, policy: .immediate)
    appendBenchmark("Paging.ContentLoading.Append.TwoHundredth", pages: 200, policy: .immediate)
    appendBenchmark("Paging.ContentLoading.StandardPolicy.Append.First", pages: 1, policy: .standard)
    appendBenchmark("Paging.ContentLoading.StandardPolicy.Append.TwoHundredth", pages: 200, policy: .standard)

    // Both appends timed against each other in one fixture, alternating (see AppendComparison):
    // the ratio the gate holds at 1.5× or less.
    ratioBenchmark("Paging.ContentLoading.Append.Ratio", metric: Metrics.appendTimeRatio) {
        await AppendComparison.make()
    }

    // The model's part of each append above, alone: 25 rows copied into reserved room, then
    // dropped. Not the framework's, so not gated.
    mainActorBenchmark(
        "Paging.Model.AppendAndDrop", configuration: Configurations.perOperation(.recordedOnly), keepingFixture: true
    ) {
        ModelOnlyRows(pages: 200)
    } body: { model, benchmark in
        for _ in benchmark.scaledIterations {
            model.appendPage()
            model.dropLastPage()
        }
        blackHole(model.rows.count)
    }
}

private func appendBenchmark(_ name: String, pages: Int, policy: PresentationPolicy) {
    mainActorBenchmark(name, configuration: Configurations.perOperation(.exact), keepingFixture: true) {
        await PagedScreenStack.withPages(pages, policy: policy)
    } body: { stack, benchmark in
        for _ in benchmark.scaledIterations {
            stack.appendPage()
        }
    } report: { stack, benchmark in
        // Every append was made (none refused), drawn as the policy says, and left the list as
        // it found it.
        let dataSource = stack.dataSource
        precondition(dataSource.rows.count == pages * BenchmarkPagedDataSource.pageSize)
        precondition(dataSource.appendedPages - stack.appendedPagesReported == benchmark.scaledIterations.count)
        stack.appendedPagesReported = dataSource.appendedPages
        precondition(!dataSource.appendState.isLoadingMore && !stack.wrapper.isPresentationPending)
        let drawsFooter = policy.loadingDelay == .zero
        precondition(stack.content.footersDrawn == (drawsFooter ? 2 * benchmark.scaledIterations.count : 0))
        stack.content.footersDrawn = 0
    }
}
