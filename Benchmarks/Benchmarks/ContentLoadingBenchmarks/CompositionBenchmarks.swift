import Benchmark
import ContentLoading

/// A composed screen's cost must grow with the change, not with its sections: one section's
/// state change on a screen of 10 sections against one of 1,000, a reload of every section
/// of a screen of 100 against one of 1,000, per section, and a composed source made over 10,000
/// children against one over 100, per child (docs/Benchmarks.md, "Composition").
func registerCompositionBenchmarks() {
    // One section's state change (a refresh begins, or ends), each moving and drawing the
    // screen's state; the sections take turns.
    childChangeBenchmark("Composition.ContentLoading.ChildChange.Ten", children: 10)
    childChangeBenchmark("Composition.ContentLoading.ChildChange.Thousand", children: 1_000)
    // Both timed against each other in one fixture, alternating: the ratio the gate holds at 2×
    // or less.
    ratioBenchmark(
        "Composition.ContentLoading.ChildChange.Ratio", metric: Metrics.childChangeTimeRatio, limitPercent: 200
    ) {
        let ten = await ComposedScreenStack.withChildren(10)
        let thousand = await ComposedScreenStack.withChildren(1_000)
        return InterleavedComparison {
            for _ in 0..<100 { ten.changeOneChild() }
        } candidate: {
            for _ in 0..<100 { thousand.changeOneChild() }
        }
    }

    // Every section reloaded and finished, per section: 1,000 sections per sample either way
    // (ten reloads of 100 sections, or one of 1,000).
    reloadAllBenchmark("Composition.ContentLoading.ReloadAll.Hundred", children: 100)
    reloadAllBenchmark("Composition.ContentLoading.ReloadAll.Thousand", children: 1_000)
    ratioBenchmark("Composition.ContentLoading.ReloadAll.Ratio", metric: Metrics.reloadTimeRatio, limitPercent: 150) {
        let hundred = await ComposedScreenStack.withChildren(100)
        let thousand = await ComposedScreenStack.withChildren(1_000)
        return InterleavedComparison {
            for _ in 0..<10 { hundred.reloadAll() }
        } candidate: {
            thousand.reloadAll()
        }
    }

    // A composed source made over its children, per child: one of 10,000 children against a
    // hundred of 100 (10,000 children either way, the same ones each round). Whether a child is
    // listed already is found without looking through the sections, so each costs the same.
    ratioBenchmark(
        "Composition.ContentLoading.Construction.Ratio", metric: Metrics.constructionTimeRatio, limitPercent: 150
    ) {
        let hundreds = (0..<100).map { _ in (0..<100).map { _ in DataSource() } }
        let tenThousand = (0..<10_000).map { _ in DataSource() }
        return InterleavedComparison {
            for children in hundreds { precondition(ComposedDataSource(children: children).children.count == 100) }
        } candidate: {
            precondition(ComposedDataSource(children: tenThousand).children.count == 10_000)
        }
    }
}

private func childChangeBenchmark(_ name: String, children: Int) {
    mainActorBenchmark(name, configuration: Configurations.perOperation(.exact), keepingFixture: true) {
        await ComposedScreenStack.withChildren(children)
    } body: { stack, benchmark in
        for _ in benchmark.scaledIterations {
            stack.changeOneChild()
        }
    } report: { stack, _ in
        // An even number of changes: every refresh begun was finished.
        precondition(stack.composed.contentState == .content && !stack.wrapper.isPresentationPending)
    }
}

private func reloadAllBenchmark(_ name: String, children: Int) {
    mainActorBenchmark(name, configuration: Configurations.perOperation(.exact), keepingFixture: true) {
        await ComposedScreenStack.withChildren(children)
    } body: { stack, benchmark in
        // One operation is one section's load, begun and finished.
        for _ in 0..<benchmark.scaledIterations.count / children {
            stack.reloadAll()
        }
    } report: { stack, benchmark in
        precondition(benchmark.scaledIterations.count.isMultiple(of: children))
        precondition(stack.composed.contentState == .content && !stack.wrapper.isPresentationPending)
    }
}
