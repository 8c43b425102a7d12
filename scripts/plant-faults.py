#!/usr/bin/env python3
"""Plants each documented fault in the library, one at a time, and runs the library's suites.

Every fault must make the suites fail, within a few minutes: a fault the suites pass is a
promise nothing checks, and one that hangs them is a regression nobody would see fail. The
script works in a copy of the repository (the working tree is never touched), reuses one build
folder across faults, and prints a line per fault and a summary table:

    scripts/plant-faults.py                  # every fault
    scripts/plant-faults.py --list           # the faults, with what each plants
    scripts/plant-faults.py --check          # only check that every fault applies, and KILLED_BY
    scripts/plant-faults.py retry-off-by-one # only the named faults
    scripts/plant-faults.py --limit 300      # seconds a fault's run may take (default 300)
    scripts/plant-faults.py --hang-limit 120 # seconds one test may run (HangLimit; default 120)

Exit status: 0 when every planted fault failed the suites in time; 1 when one passed, timed
out, or did not apply (its text is gone from the source: update the fault with the code), or,
with --check, when KILLED_BY is out of step with the faults or the suites; 64 for bad arguments.

Which suite kills each fault: KILLED_BY, at the bottom, names the suites (test type names)
expected to kill each fault, and --list shows them. A planted run reads the failing suites
from the test output (`✘ Suite … failed`, the test HangLimit ended, the suite a crash stopped
in), prints them beside the outcome, and reports a mismatch when a declared suite passed (or
only undeclared suites failed). A mismatch is reported, not failed: the fault was still caught,
and the exploring suites draw fresh seeds each run, so which of them fails varies; a declared
suite that stops failing, though, means the test that claimed the guarantee no longer holds it,
so look into it and update KILLED_BY with the tests. A crash or a HangLimit ends the run at its
first victim, so suites that had not finished go unnamed: the mismatch line says so.

A fault names the package whose suites must catch it (the SQLite integration's faults run its
own suites), or the suites by name (the demo's help), or, for a fault only a cost shows, the
gated benchmark ratio that must catch it (run by the benchmark package's threshold check).

A fault is an exact piece of source text and what replaces it. When you add a lane, a state
machine or a rule between lanes, add the faults that would break it here, and a test that
kills each (the suites plant their model-side faults themselves: each lane's `…Fault` enum,
see docs/RaceTests.md).
"""

import argparse
import dataclasses
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = "Sources/ContentLoading"
SUITES = "ContentLoadingTests|ContentLoadingRaceTests"
# The SQLite integration is a package of its own: its faults run its own suites.
GRDB = "Integrations/ContentLoadingGRDB"
GRDB_LIB = f"{GRDB}/Sources/ContentLoadingGRDB"


@dataclasses.dataclass
class Fault:
    name: str
    path: str
    old: str
    new: str
    what: str
    # The package whose suites must catch the fault ("." for the framework's; GRDB for the
    # integration's, which depends on the framework and so also sees the framework's faults).
    package: str = "."
    # The suites that must catch it, when not the package's own (a demo fault: its tests).
    filter: str | None = None
    # A fault only a cost shows (a quadratic loop gives the right answer, slowly): the benchmark
    # ratio, by name, whose gated limit must catch it. Run by the benchmark package, not a suite.
    benchmark: str | None = None

    @property
    def suites(self):
        if self.filter:
            return self.filter
        return SUITES if self.package == "." else None


FAULTS = [
    # Superseded tasks, retries, pages and segments.
    Fault(
        "begin-skips-cancel-task",
        f"{LIB}/Loading/LoadingCoordinator.swift",
        "        act(on: stopped)\n",
        "        act(on: LoadLane.Stopped(task: nil, retryEnded: stopped.retryEnded))\n",
        "the one line that cancels a superseded load's task is removed from the begin",
    ),
    Fault(
        "retry-off-by-one",
        f"{LIB}/Loading/RetryStateMachine.swift",
        "guard attempt < allowed,",
        "guard attempt <= allowed,",
        "the retry state machine allows one attempt more than the policy's maximum",
    ),
    Fault(
        "superseded-first-page-commits-cursor",
        f"{LIB}/Paging/PagedDataSource+Finishing.swift",
        "        guard loadingCoordinator.machine.isSettling,\n",
        "        guard ",
        "a first page whose update finished a newer first page still commits its own cursor",
    ),
    Fault(
        "retry-skips-validity-after-sleep",
        f"{LIB}/Loading/RetryLoop.swift",
        "        try state.checkValid()\n",
        "",
        "a retry runs its next attempt after its sleep (on a clock that ends quietly when cancelled) for a superseded load",
    ),
    Fault(
        "refresh-inside-page-commit-drops-cursor",
        f"{LIB}/Paging/AppendStateMachine.swift",
        "    mutating func refreshWillBegin() -> Bool {\n        generations.abandon()\n",
        "    mutating func refreshWillBegin() -> Bool {\n        generations.abandon()\n        generations.commitEnded()\n",
        "a refresh begun inside a page's commit drops the page's next cursor (duplicate rows)",
    ),
    Fault(
        "retry-recorded-after-its-report",
        f"{LIB}/Loading/LoadLaneOwner.swift",
        "        lane.retrying = state.generation\n        dataSource.report(.willRetry(attempt))\n",
        "        dataSource.report(.willRetry(attempt))\n        lane.retrying = state.generation\n",
        "a retry (of the content or of a page) is recorded as its load's only after the delegates heard of it, "
        "so a load a delegate ends there leaves the wrapper showing the retry",
    ),
    Fault(
        "segment-selection-draws-stale-placeholder",
        f"{LIB}/Loading/DataSource.swift",
        "    func deliveringState(_ tell: () -> Void) {\n        isDeliveringState = true\n",
        "    func deliveringState(_ tell: () -> Void) {\n",
        "a segment's selection is not delivered as a state report, so a placeholder callback that reloads the "
        "segment leaves its stale placeholder screen drawn and announced",
    ),
    Fault(
        "selection-inside-placeholder-draws-stale-screen",
        f"{LIB}/Loading/DataSourceReport.swift",
        "            case .stateChanged, .didFinish, .segmentSelected: true\n            case .refreshRedrawn,",
        "            case .stateChanged, .didFinish: true\n            case .segmentSelected, .refreshRedrawn,",
        "a segment selected from inside a placeholder callback does not make the screen being made stale, so "
        "that stale screen is drawn and announced",
    ),
    Fault(
        "segment-selection-reports-apart",
        f"{LIB}/Composition/SegmentedDataSource.swift",
        "        report(together: reports)\n",
        "        for each in reports { report(together: [each]) }\n",
        "a segment's selection makes its reports one by one, so a load a callback finishes while the selection "
        "draws it is reported finished before begun",
    ),
    Fault(
        "retry-delay-zero-times-infinity",
        f"{LIB}/Loading/RetryPolicy.swift",
        "        guard seconds > 0 else { return .zero }\n",
        "",
        "a zero base delay times an infinite multiplier is not a number, converted to a Duration",
    ),
    # The rules every load and page keeps (docs/RaceTests.md, ThreadingContract).
    Fault(
        "stale-finish-accepted",
        f"{LIB}/Loading/LaneGenerations.swift",
        "        guard isActive(generation) else { return false }\n        active = 0\n",
        "        guard generation != 0 else { return false }\n        active = 0\n",
        "a finish is accepted for any token, current or stale, on every lane (check-then-commit)",
    ),
    Fault(
        "failed-refresh-shows-error",
        f"{LIB}/Loading/LoadingStateMachine.swift",
        "next = state == .refreshing && hasContent ? .content : .error",
        "next = .error",
        "a refresh that fails replaces its content with the error screen",
    ),
    Fault(
        "cancel-keeps-loading",
        f"{LIB}/Loading/LoadingStateMachine.swift",
        "        return (true, move(to: reevaluated(stateBeforeLoad, hasContent: hasContent)))",
        "        return (true, nil)",
        "cancel() leaves the loading screen up",
    ),
    Fault(
        "refresh-keeps-page-in-flight",
        f"{LIB}/Paging/AppendStateMachine.swift",
        "    mutating func refreshWillBegin() -> Bool {\n        generations.abandon()\n",
        "    mutating func refreshWillBegin() -> Bool {\n",
        "a refresh leaves the page in flight current, so page 2 of the old list can land in the new one",
    ),
    Fault(
        "load-more-fetches-again",
        f"{LIB}/Paging/AppendStateMachine.swift",
        "        if phase == .loadingMore || generations.committing != 0 || generations.active != 0 {",
        "        if generations.committing != 0 || (generations.active != 0 && inFlightIsPrevious) {",
        "load more while a page is in flight begins another",
    ),
    Fault(
        "end-of-list-ignored",
        f"{LIB}/Paging/AppendStateMachine.swift",
        "        nextCursor = next\n        move(to: next == nil ? .endReached : .idle)\n        return true",
        "        nextCursor = next\n        move(to: .idle)\n        return true",
        "a page without a next cursor leaves the lane idle instead of at the end",
    ),
    Fault(
        "release-keeps-task",
        f"{LIB}/Loading/LoadLane.swift",
        "        tokens.publish(0)\n        task?.cancel()",
        "        tokens.publish(0)\n        _ = task",
        "releasing a data source leaves its load's task running",
    ),
    # Stale taps and observable data sources.
    Fault(
        "stale-action-acts",
        f"{LIB}/Presentation/PlaceholderAction.swift",
        "            if let drawing, !drawing.isShown { return false }\n",
        "",
        "a placeholder's or failed footer's action acts after the screen or footer it was drawn in was replaced",
    ),
    Fault(
        "refresh-strands-page-waiter",
        f"{LIB}/Paging/PagedDataSource.swift",
        "            pageDidEnd(page, .superseded)\n",
        "",
        "a refresh cancels the page in flight without answering the callers awaiting it",
    ),
    # Changing a container's children, and resetting it.
    Fault(
        "relist-settles-on-a-passing-state",
        f"{LIB}/Composition/AggregateStateMachine.swift",
        "        for state in removed { counts[Self.index(state)] -= 1 }\n",
        "        for state in removed {\n            counts[Self.index(state)] -= 1\n            noteSettling()\n        }\n",
        "a re-listing settles the first load on a state passed through on the way, not on the result",
    ),
    Fault(
        "reset-keeps-counting-children",
        f"{LIB}/Composition/ResetMarks.swift",
        "        return (presentation.state.isLoading ? .loading : .initial, presentation.settledLoad, nil)\n",
        "        return presentation\n",
        "a reset child is counted as it is, so the screen keeps its content and a refresh is no first load",
    ),
    Fault(
        "reset-skips-cancel",
        f"{LIB}/Composition/ComposedDataSource+Children.swift",
        "        for child in sections { child.containerWillReset() }\n",
        "",
        "a composed source's reset leaves its sections' loads running",
    ),
    Fault(
        "removed-selected-segment-selects-first",
        f"{LIB}/Composition/SegmentedDataSource+Segments.swift",
        "let neighbour = segments.isEmpty ? nil : min(index, segments.count - 1)",
        "let neighbour: Int? = segments.isEmpty ? nil : 0",
        "removing the selected segment selects the first instead of its neighbour",
    ),
    Fault(
        "page-cap-drops-nothing",
        f"{LIB}/Paging/PageWindow.swift",
        "        guard pages.count > limit else { return false }\n        dropped.append(pages.removeFirst())\n",
        "        guard pages.count > limit + 1_000 else { return false }\n        dropped.append(pages.removeFirst())\n",
        "a capped list grows past its cap: no page after the rows drops the first",
    ),
    Fault(
        "previous-page-at-farthest-cursor",
        f"{LIB}/Paging/PageWindow.swift",
        "    var cursorBefore: Cursor? { dropped.last ?? nil }\n",
        "    var cursorBefore: Cursor? { dropped.first ?? nil }\n",
        "load previous refetches the page dropped first (the farthest), not the nearest",
    ),
    Fault(
        "page-both-ends-at-once",
        f"{LIB}/Paging/AppendStateMachine.swift",
        "        if generations.committing != 0 || generations.active != 0 {\n            return .alreadyLoading(generation: generations.active | generations.committing)\n        }\n        if let refusal = LaneRules.pageRefusal(contentState: contentState, hasFirstPage: hasFirstPage) {\n            return .refused(refusal)\n        }\n        guard hasPageBefore",
        "        if generations.committing != 0 || (generations.active != 0 && inFlightIsPrevious) {\n            return .alreadyLoading(generation: generations.active | generations.committing)\n        }\n        if let refusal = LaneRules.pageRefusal(contentState: contentState, hasFirstPage: hasFirstPage) {\n            return .refused(refusal)\n        }\n        guard hasPageBefore",
        "load previous begins a page while a page after the rows is in flight",
    ),
    # The store.
    Fault(
        "store-dedupe-joins-pre-invalidation-fetch",
        f"{LIB}/Store/StoreStateMachine.swift",
        "        entries[key]!.isInvalidated = true\n        return fetches.removeValue(forKey: key)?.id\n",
        "        entries[key]!.isInvalidated = true\n        return nil\n",
        "an invalidation leaves the fetch begun before it in flight, to be joined and to land",
    ),
    Fault(
        "store-write-keeps-earlier-fetch",
        f"{LIB}/Store/StoreStateMachine.swift",
        "        entries[key]!.isInvalidated = false\n        return fetches.removeValue(forKey: key)?.id\n",
        "        entries[key]!.isInvalidated = false\n        return nil\n",
        "a write leaves the fetch begun before it in flight, to be joined and to land",
    ),
    Fault(
        "store-stale-fetch-stored",
        f"{LIB}/Store/StoreStateMachine.swift",
        "        guard let entry = entries[key], let fetch = fetches[key], fetch.id == id else { return .dropped }\n"
        "        fetches[key] = nil\n",
        "        guard let entry = entries[key] else { return .dropped }\n"
        "        let fetch = Fetch(id: id, startGeneration: entry.generation, waiters: 0)\n"
        "        if fetches[key]?.id == id { fetches[key] = nil }\n",
        "any fetch's result lands in the store, even one a write or invalidation superseded",
    ),
    Fault(
        "store-departure-cancels-shared-fetch",
        f"{LIB}/Store/StoreStateMachine.swift",
        "        guard fetch.waiters == 0 else {\n",
        "        guard fetch.waiters < 0 else {\n",
        "a waiter leaving a shared fetch cancels it for the waiters still there",
    ),
    Fault(
        "store-evicts-key-on-screen",
        f"{LIB}/Store/StoreStateMachine.swift",
        "        entry.bound == 0 && fetches[key] == nil\n",
        "        fetches[key] == nil\n",
        "eviction (retention and the count limit) takes a key a data source is bound to",
    ),
    Fault(
        "store-signal-not-throttled",
        f"{LIB}/Store/StoreStateMachine.swift",
        "            return signalledAt[key].map { now - $0 >= throttle } ?? true\n",
        "            return true\n",
        "an app's signal revalidates a key that a signal revalidated less than the throttle ago",
    ),
    Fault(
        "store-online-not-a-signal",
        f"{LIB}/Store/ContentStore.swift",
        "            Task { @MainActor in self?.receive(.reachable) }\n",
        "            Task { @MainActor in _ = self }\n",
        "a store made with a Connectivity does nothing when the app says it is back online",
    ),
    Fault(
        "store-count-limit-ignored",
        f"{LIB}/Store/StoreStateMachine.swift",
        "        if count > limit {\n",
        "        if count > limit && limit < 0 {\n",
        "the store keeps keys beyond its count limit",
    ),
    Fault(
        "store-retention-ignored",
        f"{LIB}/Store/StoreStateMachine.swift",
        "        if let earliestUnbound, now - earliestUnbound >= retention {\n",
        "        if let earliestUnbound, now - earliestUnbound >= retention, retention < .zero {\n",
        "a sweep keeps keys unbound for longer than the retention",
    ),
    Fault(
        "caller-cancel-keeps-load",
        f"{LIB}/Loading/LoadingCoordinator+Waiting.swift",
        "            if machine.isActive(generation) { cancel() }\n",
        "            _ = generation\n",
        "cancelling the task that awaits reload(ownedBy: .caller) leaves the load running",
    ),
    Fault(
        "retry-runs-while-offline",
        f"{LIB}/Loading/RetryLoop.swift",
        "        if let connectivity, state.isValid { try await connectivity.waitUntilOnline() }\n",
        "        _ = connectivity\n",
        "a retry whose delay ends while the app says it is offline runs at once instead of waiting",
    ),
    # Optimistic writes.
    Fault(
        "write-refresh-reverts-change",
        f"{LIB}/Store/StoreDataSource.swift",
        "        if let stored = store.valueForDataSource(key, now: nil) {\n"
        "            loadingCoordinator.redrawDuringLoad(",
        "        if let stored = store.committedValue(for: key) {\n"
        "            loadingCoordinator.redrawDuringLoad(",
        "a load that lands (a refresh begun before the write) shows the committed value without the pending writes",
    ),
    Fault(
        "write-rollback-to-optimistic-value",
        f"{LIB}/Store/ContentStore.swift",
        "        if let failure = effects.failure {\n",
        "        if let failure = effects.failure {\n"
        "            if let shown = value(for: key) { write(shown, for: key) }\n",
        "a failed write rolls back by committing what is shown without it, other writes' changes included",
    ),
    Fault(
        "write-rollback-over-newer-commit",
        f"{LIB}/Store/ContentStore+Writes.swift",
        "        let (write, effects) = lane.apply(\n",
        "        let base = committedValue(for: key)\n"
        "        let sending = request\n"
        "        let request: @Sendable () async throws -> Value? = { [weak self] in\n"
        "            do { return try await sending() } catch {\n"
        "                await MainActor.run { if let base { self?.write(base, for: key) } }\n"
        "                throw error\n"
        "            }\n"
        "        }\n"
        "        let (write, effects) = lane.apply(\n",
        "a failed write restores the committed value from when it was applied, over any commit since",
    ),
    Fault(
        "write-revalidates-after-each-write",
        f"{LIB}/Store/StoreWriteLane.swift",
        "        effects.revalidates = settlement.isLast && settlement.revalidates\n",
        "        effects.revalidates = true\n",
        "the key revalidates after each write settles, not once after the last",
    ),
    Fault(
        "write-stale-toggle-wins",
        f"{LIB}/Store/WriteStateMachine.swift",
        "        let commits = id > keys[key]!.newestCommitted\n",
        "        let commits = true\n",
        "an older write's success commits over a newer write's commit (a double toggle ends on the first tap)",
    ),
    Fault(
        "write-serial-starts-at-once",
        f"{LIB}/Store/WriteStateMachine.swift",
        "            let startsNow = !isSerial || pending.isEmpty\n",
        "            let startsNow = true\n",
        "a serial write's request starts before the earlier writes on its key have settled",
    ),
    # Optimistic writes: change kinds, a released store, changes that use the store, retry by hand, reports.
    Fault(
        "write-set-replayed-over-newer-commit",
        f"{LIB}/Store/StoreWriteLane.swift",
        "            if !settlement.stopsLayers.isEmpty { layers.stopApplying(settlement.stopsLayers) }\n",
        "",
        "an older write that sets the value is applied over a newer write's commit (a double toggle flashes back)",
    ),
    Fault(
        "write-released-store-leaves-write-pending",
        f"{LIB}/Store/StoreWrite.swift",
        "        !isSettled && canceller.store != nil\n",
        "        !isSettled\n",
        "a write whose store was released still says it is pending",
    ),
    Fault(
        "write-released-store-never-resumes-waiters",
        f"{LIB}/Store/StoreWriteLayers.swift",
        "                for write in orphans { write.settle(.cancelled) }\n",
        "                for _ in orphans {}\n",
        "a task awaiting a write whose store was released never resumes",
    ),
    Fault(
        "write-settles-after-its-commit-is-drawn",
        f"{LIB}/Store/ContentStore.swift",
        "        write.settle(.committed(committed))\n"
        "        // Committed as a store write: every fetch of the key begun before it is superseded.\n"
        "        guard let committed else { return false }\n"
        "        self.write(committed, for: key)\n",
        "        guard let committed else {\n"
        "            write.settle(.committed(nil))\n"
        "            return false\n"
        "        }\n"
        "        self.write(committed, for: key)\n"
        "        write.settle(.committed(committed))\n",
        "a callback during a write's commit finds it pending while cancel() answers false",
    ),
    Fault(
        "write-change-may-change-store",
        f"{LIB}/Store/StoreWriteLane.swift",
        "    var isApplyingChange: Bool { changesRunning > 0 }\n",
        "    var isApplyingChange: Bool { false }\n",
        "a write's change may write, invalidate or remove its key",
    ),
    Fault(
        "write-change-may-perform",
        f"{LIB}/Store/ContentStore+Writes.swift",
        "        guard !lane.isApplyingChange else {\n"
        "            let refused",
        "        guard !lane.isApplyingChange || !description.isEmpty else {\n"
        "            let refused",
        "a write performed from inside a change is applied and sent",
    ),
    Fault(
        "write-change-may-cancel",
        f"{LIB}/Store/StoreWriteLane.swift",
        "        guard changesRunning == 0, let key = keysByWrite[id], let layers",
        "        guard let key = keysByWrite[id], let layers",
        "a write's change may cancel another write",
    ),
    Fault(
        "write-failure-retried-twice",
        f"{LIB}/Store/StoreWrite.swift",
        "        retryAction = nil\n",
        "",
        "a failed write can be retried again and again from one failure",
    ),
    Fault(
        "write-retry-ignores-policy-connectivity",
        f"{LIB}/Loading/RetryLoop.swift",
        "            guard let loop = RetryLoop(policy: retries, lane: .content) else {",
        "            var retries = retries\n"
        "            retries.connectivity = nil\n"
        "            guard let loop = RetryLoop(policy: retries, lane: .content) else {",
        "a write's retry runs while its retry policy's connectivity says offline",
    ),
    Fault(
        "write-unshown-failure-unheard",
        f"{LIB}/Store/ContentStore.swift",
        "            if boundCount(for: key) > 0 {\n",
        "            if boundCount(for: key) >= 0 {\n",
        "a failed write on a key no data source is bound to reaches nobody",
    ),
    Fault(
        "write-pending-count-unobserved-on-settle",
        f"{LIB}/Store/ContentStore.swift",
        "        if effects.revalidates { invalidate(key) }\n"
        "        writeLane?.pendingCountDidChange(in: self)\n",
        "        if effects.revalidates { invalidate(key) }\n"
        "        if effects.holdsKey { writeLane?.pendingCountDidChange(in: self) }\n",
        "the pending write count's observers do not hear a write settle",
    ),
    # Store data sources: draws during a load, isEmpty's changes, placeholders, retries.
    Fault(
        "store-write-during-refresh-not-drawn",
        f"{LIB}/Store/StoreDataSource.swift",
        "        guard !loadingCoordinator.isLoading else { return takeValueDuringLoad(drawing: true) }\n",
        "        guard !loadingCoordinator.isLoading else { return takeValueDuringLoad(drawing: false) }\n",
        "a write made while the key refreshes is taken but not drawn until the refresh lands",
    ),
    Fault(
        "store-cancelled-load-forgets-value",
        f"{LIB}/Loading/LoadingStateMachine.swift",
        "            stateBeforeLoad = next\n            return (generation, nil)\n",
        "            return (generation, nil)\n",
        "a value taken during a load is not the outcome a cancel returns to (a first load goes back to initial)",
    ),
    Fault(
        "store-is-empty-change-overwritten",
        f"{LIB}/Store/StoreDataSource.swift",
        "        guard revision == shownRevision else { return false }\n",
        "        _ = revision\n",
        "a change the app's isEmpty makes is overwritten by the value being shown",
    ),
    Fault(
        "overtaken-settle-keeps-its-outcome",
        f"{LIB}/Loading/LoadingCoordinator.swift",
        "        if !stands, machine.activeGeneration != 0, machine.outcomeCounts(generation) {\n",
        "        if !stands, machine.activeGeneration == .max {\n",
        "a value whose showing a key change from inside isEmpty overtook still settles as an outcome, "
        "which a cancel of the new key's load returns to",
    ),
    Fault(
        "store-placeholder-keeps-pending-change",
        f"{LIB}/Store/StoreDataSource.swift",
        "        let committed = store.hasPendingWrites(previous) ? store.committedValue(for: previous) : nil\n",
        "        let committed: Value? = nil\n",
        "a key change keeps the value shown, pending writes' changes included, as the placeholder",
    ),
    Fault(
        "store-data-source-ignores-retry-policy",
        f"{LIB}/Store/StoreDataSource.swift",
        "        load(keepingContent: true, retrying: retryPolicy) {",
        "        load(keepingContent: true, retrying: .never) {",
        "a store data source's load never retries a failed fetch, whatever its RetryPolicy",
    ),
    Fault(
        "redraw-keeps-settled-load",
        f"{LIB}/Loading/LoadingStateMachine.swift",
        "        let generation = generations.skip()\n        settledLoad = generation\n",
        "        let generation = generations.skip()\n",
        "a value changed outside a load redraws under the settled load already drawn (the wrapper never shows it)",
    ),
    # The SQLite integration: stored values, pending writes, live queries and its demo.
    Fault(
        "grdb-newer-format-discarded",
        f"{GRDB_LIB}/Persistence/SQLitePersistence.swift",
        "        if format > formatVersion { return nil }\n",
        "",
        "a value a newer build stored is deleted when an older build reads it (a downgrade loses it)",
        package=GRDB,
    ),
    Fault(
        "grdb-newer-format-write-deleted",
        f"{GRDB_LIB}/Writes/PersistentWriteQueue.swift",
        "            if let format, format > formatVersion {\n",
        "            if let format, format > formatVersion, false {\n",
        "a pending write a newer build stored is deleted when an older build restores (a downgrade loses it)",
        package=GRDB,
    ),
    Fault(
        "grdb-damaged-date-traps",
        f"{GRDB_LIB}/Persistence/SQLitePersistence.swift",
        "        Int64(exactly: (now().timeIntervalSince(date) * 1000).rounded()).map { .milliseconds($0) }\n",
        "        .milliseconds(Int64((now().timeIntervalSince(date) * 1000).rounded()))\n",
        "a stored date out of range, or a clock answering NaN, traps in the age's conversion (a crash on the first frame)",
        package=GRDB,
    ),
    Fault(
        "grdb-answer-row-deleted-apart",
        f"{GRDB_LIB}/Persistence/SQLitePersistence.swift",
        "            let committed = committedWrites(storing: data, for: key, over: previous)\n",
        "            let committed = committedWrites(storing: data, for: key, over: previous).filter { _ in false }\n",
        "a write's row is deleted apart from its stored answer (a kill between reapplies its change: base+y+y)",
        package=GRDB,
    ),
    Fault(
        "live-query-delivery-not-redrawn",
        f"{GRDB_LIB}/LiveQuery/LiveQueryDataSource.swift",
        "        redrawContent { _ = take(observed) }\n",
        "        take(observed)\n        contentDidChange()\n",
        "a live query's new rows only move the state between content and empty: no renderer redraws them",
        package=GRDB,
    ),
    Fault(
        "live-query-rows-not-observed",
        f"{GRDB_LIB}/LiveQuery/LiveQueryDataSource.swift",
        "        registrar.withMutation(of: self, keyPath: \\.rows) {}\n",
        "",
        "a live query's rows change without telling their observers",
        package=GRDB,
    ),
    Fault(
        "write-queue-empty-too-soon",
        f"{GRDB_LIB}/Writes/PersistentWriteQueue+Pending.swift",
        "        for try await count in rowCount.values(in: database) where count == 0 {\n",
        "        for try await _ in rowCount.values(in: database) {\n",
        "waiting for a write queue's file to empty returns at the first look, with writes still stored",
        package=GRDB,
    ),
    Fault(
        "grdb-feed-page-after-refresh-written",
        f"{GRDB_LIB}/Feed/StoredFeed.swift",
        "            let written = try await writer.writePage(extending: generation, token: token) { db in\n",
        "            let written = try await writer.writePage(\n"
        "                extending: try await database.read(writer.generation), token: token\n"
        "            ) { db in\n",
        "a stored feed's page checks the list's generation read as it writes, not the one its items were "
        "read at: a page begun before another screen's refresh is written into the refreshed list",
        package=GRDB,
    ),
    Fault(
        "grdb-feed-first-frame-whole-table",
        f"{GRDB_LIB}/Feed/StoredFeed.swift",
        "                WHERE list = ? AND position > ? ORDER BY position LIMIT ?\n"
        "                \"\"\",\n"
        "            arguments: [list, position, limit])\n",
        "                WHERE list = ? AND position > ? ORDER BY position\n"
        "                \"\"\",\n"
        "            arguments: [list, position])\n",
        "a stored feed's read has no LIMIT: the first frame reads the whole stored list (its cost grows with it)",
        package=GRDB,
    ),
    Fault(
        "grdb-feed-page-torn",
        f"{GRDB_LIB}/Feed/StoredFeed.swift",
        "                try Self.insertRows(page.rows, after: position, page: number, list: list, records: records, db)\n",
        "                try Self.insertRows(page.rows, after: position, page: number, list: list, records: records, db)\n"
        "                try db.commit()\n"
        "                try db.beginTransaction(.immediate)\n",
        "a stored feed's page commits its rows apart from its cursor: a kill between leaves a torn page",
        package=GRDB,
    ),
    Fault(
        "grdb-record-feed-reads-another-list",
        f"{GRDB_LIB}/Feed/FeedRecordTable.swift",
        "            WHERE \\(rows).list = ? AND \\(rows).position > ? ORDER BY \\(rows).position LIMIT ?\n",
        "            WHERE (\\(rows).list = ? OR 1) AND \\(rows).position > ? ORDER BY \\(rows).position LIMIT ?\n",
        "a record feed's page joins every feed's rows to the app's table: a screen shows the items of "
        "another list kept in the same table",
        package=GRDB,
    ),
    Fault(
        "grdb-record-feed-rows-unheard",
        f"{GRDB_LIB}/Schema/IntegrationSchema.swift",
        "            try db.create(table: feedRecordRows) { table in\n",
        "            try db.create(table: feedRecordRows, options: .withoutRowID) { table in\n",
        "a record feed's rows are kept in a WITHOUT ROWID table, whose changes SQLite's update hook "
        "does not report: a sync that reorders the list with its own SQL never reaches the screen",
        package=GRDB,
    ),
    Fault(
        "grdb-record-feed-held-row-keeps-its-values",
        f"{GRDB_LIB}/Feed/FeedRecordTable.swift",
        "            ON CONFLICT(\\(primaryKey.quotedDatabaseIdentifier)) DO \\(onConflict)\n",
        "            ON CONFLICT(\\(primaryKey.quotedDatabaseIdentifier)) DO NOTHING\n",
        "a record feed's page leaves a row the app's table holds as it was: the list shows the "
        "table's older values, not the page's",
        package=GRDB,
    ),
    Fault(
        "grdb-record-feed-stored-item-inserted",
        f"{GRDB_LIB}/Feed/FeedRecordTable.swift",
        "            ON CONFLICT(\\(primaryKey.quotedDatabaseIdentifier)) DO \\(onConflict)\n",
        "",
        "a record feed's page inserts every item, the ones the app's table holds too: the insert "
        "fails on the table's primary key, and a page (a refresh) with a stored item is not written",
        package=GRDB,
    ),
    Fault(
        "grdb-record-feed-page-drops-a-column",
        f"{GRDB_LIB}/Feed/FeedRecordTable.swift",
        "        guard values.count == columns.count else { return false }\n",
        "",
        "a record feed's page writes an item with the columns of the item before it: a column "
        "only the later item encodes is not written",
        package=GRDB,
    ),
    Fault(
        "grdb-record-feed-bad-file-gets-tables",
        f"{GRDB_LIB}/Feed/StoredFeed+Records.swift",
        "        // The app's table is checked first: a file without it gets none of the integration's tables.\n",
        "        _ = try RefreshWriter(database: database, list: list, now: now)\n",
        "a record feed makes the integration's tables before it checks the app's table: opening a "
        "file without that table writes to it, then keeps the list in memory",
        package=GRDB,
    ),
    Fault(
        "grdb-record-feed-failed-migration-ignored",
        f"{GRDB_LIB}/Feed/StoredFeed+Records.swift",
        "                if !isComplete { throw error }\n",
        "",
        "a record feed's opener goes on when the app's migrator fails on the file: the feed uses a "
        "file its migrations did not bring up to date, and the app hears nothing",
        package=GRDB,
    ),
    Fault(
        "grdb-feed-delivery-draws-an-older-row",
        f"{GRDB_LIB}/Feed/StoredFeedDataSource.swift",
        "        let changed = rows.show(read.items, landingSince: mark) || reordered\n",
        "        let changed = rows.show(read.items, landingSince: nil) || reordered\n",
        "a stored feed's delivery lands every row it read: a row the database still holds older (a "
        "star committed since the delivery before, not yet written over it) is drawn going back",
        package=GRDB,
    ),
    Fault(
        "grdb-feed-write-over-forgotten-at-commit",
        f"{GRDB_LIB}/Feed/StoredFeedDataSource.swift",
        "                self?.unreadWrites[number]?.updateCount = count\n",
        "                self?.forgetWrite(number)\n",
        "a stored feed forgets its write of a star over the stored rows once it commits: a delivery "
        "read before that write and delivered after it draws the row unstarred",
        package=GRDB,
    ),
    Fault(
        "grdb-feed-page-undoes-a-star",
        f"{GRDB_LIB}/Feed/StoredFeedDataSource.swift",
        "            show(read.items, replacing: replacing, since: mark)\n",
        "            show(read.items, replacing: replacing, since: nil)\n",
        "a stored feed's page or refresh lands its items unchecked: one fetched before a star that "
        "committed undoes it, on the row, the detail and the stored rows",
        package=GRDB,
    ),
    Fault(
        "grdb-demo-help-is-a-usage-error",
        f"{GRDB}/Sources/GRDBDemo/main.swift",
        "    print(Usage.text, terminator: \"\")\n    exit(0)\n",
        "    FileHandle.standardError.write(Data(Usage.text.utf8))\n    exit(64)\n",
        "grdb-demo answers --help with the usage on standard error and exit status 64",
        package=GRDB,
    ),
    Fault(
        "grdb-demo-unknown-option-unnamed",
        f"{GRDB}/Sources/GRDBDemo/UsageError.swift",
        "        var message = \"unknown \\(kind) '\\(word)'.\"\n",
        "        var message = \"bad arguments.\"\n",
        "grdb-demo rejects an unknown option without naming it",
        package=GRDB,
    ),
    Fault(
        "task-of-a-load-superseded-while-beginning-left-running",
        f"{LIB}/Loading/LoadLaneOwner.swift",
        "        guard state.isValid else { return task.cancel() }\n",
        "        guard state.isValid else { return }\n",
        "the task of a load superseded while it began (a load begun from one of its callbacks) is "
        "never cancelled",
    ),
    Fault(
        "superseded-load-leaves-its-caller-waiting",
        f"{LIB}/Loading/LoadingCoordinator.swift",
        "        if superseded != 0 { resolve(superseded, .superseded) }\n",
        "",
        "a load a newer begin supersedes never answers the caller awaiting it (reload keeps waiting)",
    ),
    Fault(
        "load-more-during-a-superseded-commit-answers-its-page",
        f"{LIB}/Paging/AppendStateMachine.swift",
        "        if let refusal = refreshRefusal(contentState: contentState) { return .refused(refusal) }\n"
        "        // A page committing",
        "        // A page committing",
        "load more from a page's update, as a refresh begins there, answers alreadyLoading with "
        "that page instead of refreshInFlight",
    ),
    # The demo's help, against the commands its READMEs name.
    Fault(
        "demo-help-omits-star-rapid",
        "Demo/Usage.swift",
        "          store star-rapid\n"
        "                        Three taps on a star while the key refreshes: each shows\n"
        "                        at once, and the screen ends on the server's answer.\n",
        "",
        "demo --help leaves out a store command the READMEs name",
        filter="HelpListsEveryCommandTests",
    ),
    # The store's core, and composition.
    Fault(
        "store-invalidate-where-by-slot",
        f"{LIB}/Store/ContentStore.swift",
        "        let selected = known.filter { machine.knows($0) && isIncluded($0) }\n",
        "        let selected = known.filter { isIncluded($0) }\n",
        "invalidate(where:) asks about keys its predicate removed since the call began",
    ),
    Fault(
        "store-retention-from-the-prune",
        f"{LIB}/Store/ContentStore.swift",
        "machine.unbind(key, now: releasedAt ?? now)",
        "machine.unbind(key, now: now)",
        "a released data source's key counts as unbound from when the store noticed the release, not from the release",
    ),
    Fault(
        "store-dropped-result-uncounted",
        f"{LIB}/Store/ContentStore.swift",
        "        if dropped { droppedResultCount += 1 }\n",
        "",
        "a superseded fetch's late result is dropped without the signal a test awaits",
    ),
    Fault(
        "composed-insert-scans-sections",
        f"{LIB}/Composition/ComposedDataSource+Children.swift",
        "!listedSections.contains(ObjectIdentifier(child))",
        "!sections.contains(where: { $0 === child })",
        "inserting a section looks through every section, so a screen of n sections takes O(n^2) to make",
        benchmark="Composition.ContentLoading.Construction.Ratio",
    ),
    Fault(
        "reload-answers-a-redraw-over-the-load-it-began",
        f"{LIB}/Loading/LoadingCoordinator+Waiting.swift",
        "        if machine.activeGeneration > mark { return .pending(generation: machine.activeGeneration) }\n",
        "",
        "a reload answers the outcome of a redraw recorded after the load its loadContent() began "
        "(a store data source's isEmpty that begins a revalidation), while that load is in flight",
    ),
    # Lists: snapshots and their differences.
    Fault(
        "list-snapshot-keeps-a-repeated-id",
        f"{LIB}/Lists/ListSnapshot.swift",
        "            if offsets[id] == nil {\n",
        "            if true {\n",
        "a snapshot keeps every copy of a repeated id, which a diffable data source refuses",
    ),
    Fault(
        "list-difference-moves-every-row",
        f"{LIB}/Lists/ListDifference.swift",
        "        for (index, entry) in kept.enumerated() where !staying[index] {\n",
        "        for (index, entry) in kept.enumerated() where index >= 0 || !staying[index] {\n",
        "a difference moves every row both snapshots show, as a re-diff of the whole list would",
    ),
    # Lists: shared items, their generation check and their rows' drawing.
    Fault(
        "list-answer-undoes-a-newer-item",
        f"{LIB}/Lists/ContentStore+Items.swift",
        "            for (key, value) in values where !itemChanges.changed(key, since: mark) {\n",
        "            for (key, value) in values {\n",
        "a list's response lands every item, undoing one written or given a write since its request began",
    ),
    Fault(
        "list-difference-disagrees-with-its-snapshots",
        f"{LIB}/Lists/SharedItemRows+Drawing.swift",
        "        let before = renderedBy == identity ? previous : ListSnapshot()\n",
        "        let before = renderedBy == identity ? snapshot : ListSnapshot()\n",
        "a list's redraw is diffed from the snapshot it draws, not from the one drawn before",
    ),
    Fault(
        "list-redraws-an-equal-item",
        f"{LIB}/Lists/SharedItemRows+Drawing.swift",
        "        guard let value = store.value(for: id), value != drawn[id] else { return }\n",
        "        guard let value = store.value(for: id) else { return }\n",
        "a change of a shown item that leaves it equal to the one drawn redraws its row",
    ),
    Fault(
        "list-shown-item-evicted",
        f"{LIB}/Lists/SharedItemRows+Drawing.swift",
        "        bindings[id] = binding\n",
        "        _ = binding\n",
        "a row's binding is not kept, so the store drops it: the shown item may be evicted",
    ),
    Fault(
        "list-item-change-rediffs-the-list",
        f"{LIB}/Lists/SharedItemRows+Drawing.swift",
        "                renderer.apply(snapshot, difference: ListDifference(updating: ids))\n",
        "                renderer.apply(snapshot, difference: ListDifference(from: snapshot, to: snapshot, updated: Set(ids)))\n",
        "one item's change is told by diffing the whole list with itself, O(rows) instead of O(1)",
        benchmark="Lists.ContentLoading.ItemChange.Ratio",
    ),
    Fault(
        "list-row-keeps-the-landed-item",
        f"{LIB}/Lists/SharedItemRows.swift",
        "        for id in updated { if let item = drawn[id] { observableRows[id]?.update(item) } }\n",
        "        for id in updated { observableRows[id]?.update(values[id]!) }\n",
        "a landing's rows are updated with the landed values after the renderer's apply, undoing a "
        "change the app made from inside it",
    ),
    Fault(
        "list-landing-drawn-row-by-row",
        f"{LIB}/Lists/SharedItemRows+Drawing.swift",
        "        if store.isLandingItems {\n",
        "        if store.isLandingItems, landedMeanwhile.count < 0 {\n",
        "another list's landing is drawn one row at a time, a difference per item, not one for all",
    ),
    Fault(
        "list-row-observers-hear-every-item",
        f"{LIB}/Lists/SharedItemRows+Drawing.swift",
        "        drawn[id] = value\n        observableRows[id]?.update(value)\n        drawChanged([id])\n",
        "        drawn[id] = value\n        for row in observableRows.values { row.update(row.id == id ? value : drawn[row.id]!) }\n"
        "        drawChanged([id])\n",
        "a change of one item notifies the observers of every row, not only its own",
    ),
    Fault(
        "list-snapshot-observers-hear-every-landing",
        f"{LIB}/Lists/ListDataSource.swift",
        "        if itemRows.snapshot != previous { observedPropertyDidChange(.listSnapshot, self, Self.snapshotKey) }\n",
        "        if true { observedPropertyDidChange(.listSnapshot, self, Self.snapshotKey) }\n",
        "a list's snapshot observers hear every response landed, even one that leaves the ids as they were",
    ),
    # Lists: edits as optimistic writes, and rows created under temporary ids.
    Fault(
        "list-temporary-id-shown-twice",
        f"{LIB}/Lists/ListEdits.swift",
        "            for index in pending.indices { pending[index].change = pending[index].change.rekeyed(old, to: server) }\n",
        "            pending[index].isCommitted = false\n"
        "            pending.append(Numbered(number: number, change: pending[index].change.rekeyed(old, to: server)))\n",
        "a created row's server id joins the order beside its temporary id, which stays: both are drawn",
    ),
    Fault(
        "list-queued-write-sent-with-the-temporary-id",
        f"{LIB}/Store/ContentStore+TemporaryKeys.swift",
        "                    request: request(server))\n                performed.write = write\n",
        "                    request: request(key))\n                performed.write = write\n",
        "a write made on a row's temporary id while its insert was pending is sent with the temporary id",
    ),
    Fault(
        "detail-keeps-the-temporary-id",
        f"{LIB}/Store/ContentStore+TemporaryKeys.swift",
        "            entry.dataSource?.storeKeyDidResolve(to: server)\n",
        "            _ = entry\n",
        "a detail opened on a row's temporary id stays bound to it once the server names the item",
    ),
    Fault(
        "detail-shows-a-never-created-item",
        f"{LIB}/Store/ContentStore+TemporaryKeys.swift",
        "        notify(temporary) { $0.storeTemporaryKeyDidFail(failure) }\n",
        "",
        "a detail opened on a row's temporary id keeps showing the item once its create failed",
    ),
    Fault(
        "list-failed-create-leaves-its-row",
        f"{LIB}/Lists/ListDataSource+Editing.swift",
        "            edits.drop(number)\n            fail(edit, error)\n            for work in waiting",
        "            fail(edit, error)\n            for work in waiting",
        "an insert whose create failed keeps its row, under its temporary id",
    ),
    Fault(
        "list-refresh-drops-a-pending-edit",
        f"{LIB}/Lists/ListDataSource.swift",
        "        let order = edits.isEdited ? edits.ids : response.ids\n",
        "        let order = response.ids\n",
        "a response landing while an edit is pending shows the server's order alone: a removed row comes back",
    ),
    Fault(
        "list-stale-answer-undoes-a-committed-edit",
        f"{LIB}/Lists/ListEdits.swift",
        "        committed.removeAll { $0.number <= mark }\n",
        "        committed.removeAll()\n",
        "a response whose request began before an edit committed lands without it: a removed row comes back",
    ),
    Fault(
        "list-removed-row-never-let-go",
        f"{LIB}/Lists/ListDataSource+Editing.swift",
        "        if !shown.contains(id), !edits.isPending(id) { store.holdingSweeps { itemRows.unbind(id) } }\n",
        "",
        "a row removed by an edit that committed stays bound to its item: the item is never evicted",
    ),
    # Lists: paged lists of shared items.
    Fault(
        "list-page-undoes-a-newer-item",
        f"{LIB}/Lists/PagedListDataSource.swift",
        "        itemRows.land(page, from: answered, since: mark, writingEqual: true)\n",
        "        itemRows.land(page, from: answered, since: .max, writingEqual: true)\n",
        "a page lands every item, its stale copy overwriting one written or edited since its request began",
    ),
    Fault(
        "list-page-brings-back-a-removed-row",
        f"{LIB}/Lists/ListEdits.swift",
        "            if case .remove = edit.change { edit.change.apply(to: &page) }\n",
        "            _ = edit\n",
        "a page begun before a remove committed lands the removed row again: it comes back",
    ),
    Fault(
        "list-page-ignores-pending-edits",
        f"{LIB}/Lists/PagedListDataSource.swift",
        "        let isEdited = edits.isEdited\n",
        "        let isEdited = false\n",
        "a page lands as if the list had no edits: a row removed while it was in flight comes back",
    ),
    Fault(
        "list-edit-cancel-keeps-its-change",
        f"{LIB}/Lists/ListDataSource+Editing.swift",
        "                task.cancel()\n                self?.editDidSettle(number, of: id, edit, .failure(CancellationError()))\n",
        "                task.cancel()\n",
        "a cancelled remove or move stays on screen, and its answer commits it after all",
    ),
    Fault(
        "list-edit-ignores-its-retry-policy",
        f"{LIB}/Lists/ListDataSource+Editing.swift",
        "await RetryLoop.send({ try await request(id) }, retrying: retries, clock: clock)",
        "await RetryLoop.send({ try await request(id) }, retrying: .never, clock: clock)",
        "a remove or move is sent once whatever its retry policy says, offline too",
    ),
    Fault(
        "list-page-rebuilds-the-snapshot",
        f"{LIB}/Lists/PagedListDataSource.swift",
        "        itemRows.snapshot.append(contentsOf: joined)\n",
        "        itemRows.snapshot = ListSnapshot(itemRows.snapshot.ids + joined)\n",
        "a page's rows join a snapshot made anew of the whole list, O(rows) instead of O(page)",
        benchmark="Lists.ContentLoading.PageAppend.Ratio",
    ),
]


# The folders whose Swift files declare test suites, for reading a run's failures by suite.
TEST_FOLDERS = ("Tests", f"{GRDB}/Tests")
SUITE_TITLE = re.compile(r'@Suite\(\s*"((?:[^"\\]|\\.)*)"')
SUITE_TYPE = re.compile(r"\b(?:struct|class|enum|actor)\s+(\w+)")
FAILED_SUITE = re.compile(r'^✘ Suite ("(?:[^"\\]|\\.)*"|\S+) failed', re.M)
HUNG_TEST = re.compile(r"^HangLimit: the test .*? \((\S+?)\.swift:\d+\) was still running", re.M)
CRASHED_THREAD = re.compile(r"^Thread \d+ .*crashed:\n\n((?:.+\n)*)", re.M)
FRAME_FILE = re.compile(r" at (\S+?)\.swift:\d+")


def suite_types(root):
    """Maps each suite's type name, and each display name given in `@Suite("…")`, to its type name.

    A test file holds one type (its extensions live in `Type+Topic.swift`), so the file's name is
    the suite's type; a display name belongs to the first type declared after it.
    """
    names = {}
    for folder in TEST_FOLDERS:
        for directory, _, files in os.walk(os.path.join(root, folder)):
            for file_name in files:
                if not file_name.endswith(".swift"):
                    continue
                with open(os.path.join(directory, file_name), encoding="utf-8") as file:
                    text = file.read()
                if "@Test" not in text and "@Suite" not in text:
                    continue
                stem = file_name[:-len(".swift")].split("+")[0]
                names[stem] = stem
                for title in SUITE_TITLE.finditer(text):
                    declared = SUITE_TYPE.search(text, title.end())
                    if declared:
                        names[title.group(1)] = declared.group(1)
    return names


def failed_suites(log, names):
    """The suites (type names) a test run's output shows failing: `✘ Suite … failed` lines, the
    test HangLimit ended, and the test a crash stopped in (its first frame in a suite's file)."""
    def suite_of(path):
        stem = os.path.basename(path).split("+")[0]
        return names.get(stem)

    found = set()
    for name in FAILED_SUITE.findall(log):
        name = name[1:-1] if name.startswith('"') else name
        found.add(names.get(name, name))
    found.update(filter(None, (suite_of(path) for path in HUNG_TEST.findall(log))))
    for frames in CRASHED_THREAD.findall(log):
        suite = next(filter(None, (suite_of(path) for path in FRAME_FILE.findall(frames))), None)
        if suite:
            found.add(suite)
    return found


def ended_early(log):
    """Whether the test process was ended before every suite finished (a crash or a HangLimit)."""
    return bool(CRASHED_THREAD.search(log) or HUNG_TEST.search(log))


def killer_check(fault, killers, cut_short=False):
    """How the suites a planted fault failed compare with those declared in KILLED_BY: `None` when
    every declared suite failed, else a line naming those that did not."""
    declared = set(KILLED_BY.get(fault.name, ()))
    missed = sorted(declared - killers)
    if not missed:
        return None
    note = " (the run ended early, so some suites never finished)" if cut_short else ""
    if killers and not killers & declared:
        return f"killed only by suites not declared; declared {', '.join(sorted(declared))}{note}"
    return f"declared but not seen failing: {', '.join(missed)}{note}"


def mapping_problems(names):
    """What is wrong with KILLED_BY: a fault run by suites with no entry, an entry for a benchmark
    fault or for no fault, or a suite that is not in the tree."""
    problems = []
    known = {fault.name: fault for fault in FAULTS}
    for fault in FAULTS:
        if fault.benchmark and fault.name in KILLED_BY:
            problems.append(f"{fault.name}: a benchmark fault (its gate kills it) has a KILLED_BY entry")
        elif not fault.benchmark and not KILLED_BY.get(fault.name):
            problems.append(f"{fault.name}: no KILLED_BY entry naming the suites that kill it")
    for name, suites in KILLED_BY.items():
        if name not in known:
            problems.append(f"KILLED_BY names {name}, which is no fault")
        for suite in suites:
            if names.get(suite) != suite:
                problems.append(f"{name}: KILLED_BY names {suite}, which is no suite type in {', '.join(TEST_FOLDERS)}")
    return problems


def run(cmd, cwd, limit=None, log=None, env=None):
    """Runs `cmd`; returns (exit status or None on time-out, seconds)."""
    started = time.monotonic()
    with open(log or os.devnull, "w") as out:
        process = subprocess.Popen(
            cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, env=env)
        try:
            status = process.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait()
            status = None
    return status, time.monotonic() - started


def copy_repository(into):
    """Copies the committed and uncommitted sources (no build folders) into `into`."""
    files = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT, check=True,
        capture_output=True, text=True).stdout.split("\n")
    for name in filter(None, files):
        source = os.path.join(ROOT, name)
        if not os.path.isfile(source):
            continue
        target = os.path.join(into, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(source, target)


def main():
    parser = argparse.ArgumentParser(description="Plant each documented fault and run the suites.")
    parser.add_argument("faults", nargs="*", help="names of the faults to plant (default: all)")
    parser.add_argument("--list", action="store_true", help="list the faults and exit")
    parser.add_argument("--check", action="store_true",
                        help="only check that each fault's text is in its file exactly once, and exit")
    parser.add_argument("--limit", type=int, default=300, help="seconds a fault's test run may take")
    parser.add_argument("--hang-limit", type=int, default=120,
                        help="seconds one test may run before the HangLimit trait ends the run (default 120)")
    parser.add_argument("--work", help="the folder to copy the repository into (default: a temporary one)")
    arguments = parser.parse_args()
    if arguments.list:
        for fault in FAULTS:
            where = "" if fault.package == "." else f" [{fault.package}]"
            killers = f"benchmark {fault.benchmark}" if fault.benchmark else ", ".join(KILLED_BY.get(fault.name, ("?",)))
            print(f"{fault.name:45} {fault.what}{where}\n{'':45} killed by: {killers}")
        return 0
    known = {fault.name: fault for fault in FAULTS}
    unknown = [name for name in arguments.faults if name not in known]
    if unknown or arguments.limit <= 0 or arguments.hang_limit <= 0:
        print(f"unknown fault(s): {', '.join(unknown)}; see --list" if unknown else "limits must be positive",
              file=sys.stderr)
        return 64
    chosen = [known[name] for name in arguments.faults] or FAULTS
    if arguments.check:
        stale = []
        for fault in chosen:
            with open(os.path.join(ROOT, fault.path)) as file:
                if file.read().count(fault.old) != 1:
                    stale.append(fault.name)
        for name in stale:
            print(f"{name}: does not apply (its text is not in its file exactly once)")
        print(f"{len(chosen) - len(stale)} of {len(chosen)} faults apply")
        problems = mapping_problems(suite_types(ROOT))
        for problem in problems:
            print(problem)
        return 1 if stale or problems else 0

    work = arguments.work or tempfile.mkdtemp(prefix="contentloading-faults-")
    source = os.path.join(work, "src")
    shutil.rmtree(source, ignore_errors=True)
    os.makedirs(source)
    copy_repository(source)
    scratch = os.path.join(work, "build")
    print(f"copy in {source}, build folder {scratch}, {arguments.limit} s per fault", flush=True)

    # One build folder a package, built once unplanted: each fault rebuilds only what it touches.
    scratches = {}
    for package in sorted({fault.package for fault in chosen if not fault.benchmark}):
        scratches[package] = scratch if package == "." else os.path.join(work, "build-" + package.replace("/", "-"))
        log = os.path.join(work, f"baseline-build-{package.replace('/', '-')}.log")
        status, seconds = run(["swift", "build", "--build-tests", "--package-path", package,
                               "--scratch-path", scratches[package]], source, log=log)
        if status != 0:
            print(f"the unplanted copy of {package} does not build (see {log})")
            return 1

    names = suite_types(source)
    results = []
    for fault in chosen:
        path = os.path.join(source, fault.path)
        with open(path) as file:
            original = file.read()
        if original.count(fault.old) != 1:
            results.append((fault, "did not apply", 0.0, set(), None))
            print(f"{fault.name}: did not apply (its text is not in {fault.path} exactly once)", flush=True)
            continue
        with open(path, "w") as file:
            file.write(original.replace(fault.old, fault.new))
        log = os.path.join(work, f"{fault.name}.log")
        try:
            if fault.benchmark:
                # The benchmark package builds in release, in its own folder of the copy; it reads
                # its thresholds from Thresholds/, relative to where it runs.
                command = ["swift", "package", "benchmark", "thresholds", "check",
                           "--filter", fault.benchmark.replace(".", "\\."), "--no-progress"]
            else:
                command = ["swift", "test", "--package-path", fault.package,
                           "--scratch-path", scratches[fault.package]]
                if fault.suites:
                    command += ["--filter", fault.suites]
            where = os.path.join(source, "Benchmarks") if fault.benchmark else source
            status, seconds = run(command, where, arguments.limit, log,
                                  dict(os.environ, HANG_LIMIT_SECONDS=str(arguments.hang_limit)))
        finally:
            with open(path, "w") as file:
                file.write(original)
        outcome = "timed out" if status is None else "passed" if status == 0 else "failed"
        killers, flag = set(), None
        if not fault.benchmark:
            with open(log, errors="replace") as file:
                output = file.read()
            killers = failed_suites(output, names)
            flag = killer_check(fault, killers, ended_early(output)) if outcome == "failed" else None
        results.append((fault, outcome, seconds, killers, flag))
        print(f"{fault.name}: {outcome} after {seconds:.0f} s (log: {log})", flush=True)
        if killers:
            print(f"    failed suites: {', '.join(sorted(killers))}", flush=True)
        if flag:
            print(f"    mismatch: {flag}", flush=True)

    print()
    print(f"{'fault':45} {'suites':14} seconds  killed by")
    for fault, outcome, seconds, killers, flag in results:
        killed = f"benchmark {fault.benchmark}" if fault.benchmark else ", ".join(sorted(killers)) or "-"
        print(f"{fault.name:45} {outcome:14} {seconds:7.0f}  {killed}{'  [mismatch]' if flag else ''}")
    mismatches = [(fault.name, flag) for fault, _, _, _, flag in results if flag]
    if mismatches:
        print(f"\n{len(mismatches)} fault(s) killed otherwise than KILLED_BY declares (not a failure):")
        for name, flag in mismatches:
            print(f"    {name}: {flag}")
    survivors = [fault.name for fault, outcome, _, _, _ in results if outcome != "failed"]
    if survivors:
        print(f"\n{len(survivors)} of {len(results)} faults did not fail the suites: {', '.join(survivors)}")
        return 1
    print(f"\nevery planted fault ({len(results)}) failed the suites in time")
    return 0


# The suites (test type names) expected to kill each fault: the ones whose guarantee it breaks,
# as a planted run showed them failing. Every fault run by suites has an entry; a benchmark
# fault has none (its gated ratio kills it). `--check` fails on a missing entry, an entry for no
# fault, or a suite no test folder declares; a planted run reports a declared suite that passed.
KILLED_BY = {
    "list-snapshot-keeps-a-repeated-id": ("ListDifferenceTests", "ListModelTests"),
    "list-difference-moves-every-row": ("ListDifferenceTests", "ListModelTests"),
    "list-answer-undoes-a-newer-item": ("ListDataSourceTests", "ListModelTests"),
    "list-difference-disagrees-with-its-snapshots": ("ListDataSourceTests", "ListModelTests", "ListRandomSequenceTests"),
    "list-redraws-an-equal-item": ("ListDataSourceTests", "ListModelTests", "ListObservationTests"),
    "list-shown-item-evicted": ("ListDataSourceTests", "ListModelTests", "ListObservationTests", "ListRandomSequenceTests"),
    "list-row-keeps-the-landed-item": ("ListReentryTests", "ListModelTests"),
    "list-landing-drawn-row-by-row": ("ListDataSourceTests",),
    "list-row-observers-hear-every-item": ("ListObservationTests",),
    "list-snapshot-observers-hear-every-landing": ("ListObservationTests",),
    "list-temporary-id-shown-twice": ("ListEditingTests", "ListEditsTests", "ListModelTests"),
    "list-queued-write-sent-with-the-temporary-id": ("ListEditingTests", "ListDetailServerIDTests", "ListModelTests"),
    "detail-keeps-the-temporary-id": ("ListDetailServerIDTests", "ListModelTests"),
    "detail-shows-a-never-created-item": ("ListDetailServerIDTests", "ListModelTests"),
    "list-failed-create-leaves-its-row": ("ListEditingTests", "ListModelTests"),
    "list-refresh-drops-a-pending-edit": ("ListEditingTests", "ListModelTests"),
    "list-stale-answer-undoes-a-committed-edit": ("ListEditingTests", "ListEditsTests", "ListModelTests"),
    "list-removed-row-never-let-go": ("ListEditingTests", "ListModelTests"),
    "list-page-undoes-a-newer-item": ("ListModelTests", "PagedListDataSourceTests"),
    "list-page-brings-back-a-removed-row": ("ListModelTests", "ListPageEditsTests", "PagedListDataSourceTests"),
    "list-page-ignores-pending-edits": ("ListModelTests", "PagedListDataSourceTests"),
    "list-edit-cancel-keeps-its-change": ("ListEditingTests", "ListModelTests"),
    "list-edit-ignores-its-retry-policy": ("ListEditingTests",),
    "begin-skips-cancel-task": (
        "AsyncSupersessionTests", "LoadsBegunInsideABeginAreCancelledTests", "ModelBasedTests"),
    "retry-off-by-one": (
        "RetryKnownRaceTests", "RetryLoadTests", "RetryModelBasedTests", "RetryPolicyTests", "StoreDataSourceRetryTests", "WriteRetryTests"),
    "superseded-first-page-commits-cursor": ("ModelBasedTests",),
    "retry-skips-validity-after-sleep": ("RetryLoadTests",),
    "refresh-inside-page-commit-drops-cursor": (
        "ModelBasedTests", "PageCursorAndSupersededTaskTests", "PagingLaneTests", "RetryModelBasedTests"),
    "retry-recorded-after-its-report": ("RetryModelBasedTests",),
    "segment-selection-draws-stale-placeholder": (
        "CompositionModelTests", "CompositionStructureTests", "SegmentedPlaceholderCallbackTests"),
    "selection-inside-placeholder-draws-stale-screen": (
        "CompositionModelTests", "CompositionStructureTests", "SegmentedPlaceholderCallbackTests"),
    "segment-selection-reports-apart": (
        "CompositionModelTests", "CompositionStructureTests", "SegmentedDelegateTests"),
    "retry-delay-zero-times-infinity": ("RetryPolicyTests",),
    "stale-finish-accepted": ("LoadingStateMachineTests",),
    "failed-refresh-shows-error": ("LoadingStateMachineTests", "LoadingCoordinatorTests", "ModelBasedTests"),
    "cancel-keeps-loading": (
        "LoadingStateMachineTests", "LoadingCoordinatorTests", "MisuseMatrixTests", "ModelBasedTests"),
    "refresh-keeps-page-in-flight": (
        "ModelBasedTests", "PageCapModelTests", "PagedContentionTests", "PagingRegressionTests", "RetryModelBasedTests"),
    "load-more-fetches-again": ("PagingLaneTests", "StaleTapTests"),
    "end-of-list-ignored": ("PagingLaneTests", "PageCapModelTests", "ModelBasedTests"),
    "release-keeps-task": ("LifetimeTests", "AsyncPagingTests", "ModelBasedTests"),
    "stale-action-acts": ("ModelBasedTests", "StaleTapTests"),
    "refresh-strands-page-waiter": ("AwaitablePageTests", "LoadsBegunInsideABeginAreCancelledTests"),
    "relist-settles-on-a-passing-state": ("ComposedChildrenTests",),
    "reset-keeps-counting-children": (
        "ChangingSectionsArticleTests", "CompositionModelTests", "CompositionStructureContentionTests", "CompositionStructureTests", "ContainerResetTests"),
    "reset-skips-cancel": (
        "CompositionModelTests", "CompositionStructureContentionTests", "CompositionStructureLifetimeTests", "CompositionStructureTests", "ContainerResetTests"),
    "removed-selected-segment-selects-first": ("SegmentedSegmentsTests",),
    "page-cap-drops-nothing": ("PageCapTests",),
    "previous-page-at-farthest-cursor": ("PageCapModelTests", "PageCapTests"),
    "page-both-ends-at-once": ("PageCapModelTests", "PageCapTests"),
    "store-dedupe-joins-pre-invalidation-fetch": (
        "ContentStoreTests", "StoreModelTests", "StoreStateMachineTests"),
    "store-write-keeps-earlier-fetch": (
        "ContentStoreTests", "StoreDataSourceTests", "StoreModelTests", "StoreStateMachineTests", "TestingArticleTests", "WriteModelTests"),
    "store-stale-fetch-stored": (
        "StoreStateMachineTests", "ContentStoreTests", "StoreModelTests", "StoreContentionTests"),
    "store-departure-cancels-shared-fetch": (
        "ContentStoreTests", "LoadsBegunInsideABeginAreCancelledTests", "StoreDataSourceTests", "StoreModelTests", "StoreStateMachineTests", "WriteModelTests"),
    "store-evicts-key-on-screen": ("WriteContentionTests",),
    "store-signal-not-throttled": ("StoreConnectivityTests", "StoreModelTests", "StoreSignalTests"),
    "store-online-not-a-signal": ("StoreConnectivityTests",),
    "store-count-limit-ignored": (
        "ContentStoreTests", "InvalidateWhereTests", "StoreDataSourceTests", "StoreModelTests", "StoreStateMachineTests"),
    "store-retention-ignored": (
        "OptimisticWriteTests", "ReleaseRetentionTests", "StoreDataSourceTests", "StoreModelTests", "StoreStateMachineTests"),
    "caller-cancel-keeps-load": (
        "AwaitableLoadTests", "CompositionReloadTests", "ReadmeExampleAwaitTests", "StoreDataSourceTests", "StoreModelTests"),
    "retry-runs-while-offline": ("OfflineRetryTests", "RetryingLoadsArticleTests"),
    "write-refresh-reverts-change": (
        "OptimisticWriteTests", "StoreDataSourceDrawingTests", "WriteModelTests"),
    "write-rollback-to-optimistic-value": ("OptimisticWriteTests", "WriteContentionTests", "WriteModelTests"),
    "write-rollback-over-newer-commit": ("OptimisticWriteTests", "WriteContentionTests", "WriteModelTests"),
    "write-revalidates-after-each-write": (
        "OptimisticWriteTests", "StoreDataSourceDrawingTests", "WriteContentionTests", "WriteMisuseTests", "WriteModelTests", "WriteRetryTests"),
    "write-stale-toggle-wins": (
        "OptimisticWriteTests", "WriteContentionTests", "WriteModelTests", "WriteStateMachineTests"),
    "write-serial-starts-at-once": (
        "OptimisticWriteTests", "WriteContentionTests", "WriteMisuseTests", "WriteModelTests", "WriteRetryTests", "WriteStateMachineTests"),
    "write-set-replayed-over-newer-commit": ("OptimisticWriteTests", "WriteModelTests"),
    "write-released-store-leaves-write-pending": ("OptimisticWriteTests", "WriteMisuseTests"),
    "write-released-store-never-resumes-waiters": ("OptimisticWriteTests", "WriteMisuseTests"),
    "write-settles-after-its-commit-is-drawn": ("WriteMisuseTests",),
    "write-change-may-change-store": ("WriteMisuseTests", "WriteModelTests"),
    "write-change-may-perform": ("WriteMisuseTests", "WriteModelTests"),
    "write-change-may-cancel": ("WriteMisuseTests", "WriteModelTests"),
    "write-failure-retried-twice": ("WriteRetryTests",),
    "write-retry-ignores-policy-connectivity": ("WriteRetryTests",),
    "write-unshown-failure-unheard": ("StoreWriteReportTests", "WriteRetryTests"),
    "write-pending-count-unobserved-on-settle": ("StoreWriteReportTests",),
    "store-write-during-refresh-not-drawn": ("StoreDataSourceDrawingTests", "StoreModelTests"),
    "store-cancelled-load-forgets-value": ("StoreDataSourceDrawingTests", "StoreModelTests"),
    "store-is-empty-change-overwritten": ("StoreDataSourceDrawingTests", "StoreModelTests"),
    "overtaken-settle-keeps-its-outcome": ("StoreDataSourceDrawingTests",),
    "store-placeholder-keeps-pending-change": ("StoreDataSourceDrawingTests",),
    "store-data-source-ignores-retry-policy": ("StoreDataSourceRetryTests",),
    "redraw-keeps-settled-load": (
        "LoadingStateMachineTests", "RedrawContentTests", "StoreDataSourceDrawingTests", "StoreDataSourceTests", "StoreModelTests"),
    "grdb-newer-format-discarded": ("SQLitePersistenceTests",),
    "grdb-newer-format-write-deleted": ("PersistentWriteQueueTests",),
    "grdb-damaged-date-traps": ("DamagedRowTests",),
    "grdb-answer-row-deleted-apart": ("KilledPendingWriteTests", "PersistentWriteQueueTests"),
    "live-query-delivery-not-redrawn": ("LiveQueryDataSourceTests",),
    "live-query-rows-not-observed": ("LiveQueryDataSourceTests",),
    "write-queue-empty-too-soon": ("PersistentWriteQueueTests",),
    "grdb-feed-page-after-refresh-written": ("StoredFeedDataSourceTests",),
    "grdb-feed-first-frame-whole-table": (
        "OfflineFirstFeedArticleTests", "StoredFeedBadFileTests", "StoredFeedDataSourceTests"),
    "grdb-feed-page-torn": ("KilledFeedWriterTests",),
    "grdb-record-feed-reads-another-list": ("StoredRecordFeedTests",),
    "grdb-record-feed-rows-unheard": ("StoredRecordFeedTests",),
    "grdb-record-feed-held-row-keeps-its-values": ("StoredRecordFeedTests",),
    "grdb-record-feed-page-drops-a-column": ("StoredRecordFeedTests",),
    "grdb-record-feed-stored-item-inserted": ("StoredRecordFeedTests", "KilledFeedWriterTests"),
    "grdb-record-feed-bad-file-gets-tables": ("StoredRecordFeedBadFileTests",),
    "grdb-record-feed-failed-migration-ignored": ("StoredRecordFeedBadFileTests",),
    "grdb-feed-delivery-draws-an-older-row": ("StoredFeedDeliveryTests", "StoredFeedSharedItemsTests"),
    "grdb-feed-page-undoes-a-star": ("StoredFeedSharedItemsTests",),
    "grdb-feed-write-over-forgotten-at-commit": ("StoredFeedSharedItemsTests",),
    "grdb-demo-help-is-a-usage-error": ("GRDBDemoTests",),
    "grdb-demo-unknown-option-unnamed": ("GRDBDemoArgumentsTests", "GRDBDemoTests"),
    "task-of-a-load-superseded-while-beginning-left-running": (
        "MisuseMatrixTests", "ModelBasedTests", "RetryModelBasedTests"),
    "superseded-load-leaves-its-caller-waiting": (
        "AwaitableLoadTests", "LoadsBegunInsideABeginAreCancelledTests", "ModelBasedTests", "StoreModelTests"),
    "load-more-during-a-superseded-commit-answers-its-page": ("ModelBasedTests", "PagingLaneTests"),
    "demo-help-omits-star-rapid": ("HelpListsEveryCommandTests",),
    "store-invalidate-where-by-slot": ("InvalidateWhereTests",),
    "store-retention-from-the-prune": ("ReleaseRetentionTests", "StoreModelTests"),
    "store-dropped-result-uncounted": ("ContentStoreTests", "StoreDataSourceTests", "TestingArticleTests"),
    "reload-answers-a-redraw-over-the-load-it-began": ("LoadsBegunInsideABeginAreCancelledTests",),
}


if __name__ == "__main__":
    sys.exit(main())
