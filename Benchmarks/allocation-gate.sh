#!/usr/bin/env bash
# Holds ContentLoading's allocation counts to the thresholds stored in Thresholds/.
#
#   Benchmarks/allocation-gate.sh          # check: fails on a regression, passes on an improvement
#   Benchmarks/allocation-gate.sh update   # store the counts of this run (commit them with the change)
#
# package-benchmark's `thresholds check` fails on any deviation beyond a benchmark's
# tolerance (MallocGate), an improvement as well as a regression. This script fails on a
# regression and on anything else that goes wrong (a crash, a benchmark's own check, a gated
# benchmark without a stored threshold), but only reports an improvement, which calls for
# `update` in the same commit. Peers and floors are not gated. See docs/Benchmarks.md.
#
# The third group's figures are not allocation counts but ratios of times taken in alternating
# blocks, in percent: Paging.ContentLoading.Append.Ratio (the 200th append over the first, held at
# 150 or less), Composition.ContentLoading.ChildChange.Ratio (a section's change on a screen of
# 1,000 sections over one of 10, at 200 or less) and Composition.ContentLoading.ReloadAll.Ratio
# (reloading every section, per section, 1,000 sections over 100, at 150 or less),
# Composition.ContentLoading.Construction.Ratio (a composed source made over 10,000 children
# over one over 100, per child, at 150 or less) and
# Store.ContentLoading.Lookup.Ratio and Store.ContentLoading.Write.Ratio (a lookup, and a write,
# in a store of 100,000 keys over one of 100, at 150 or less), Store.ContentLoading.Waiter.Ratio
# (each waiter's time when 1,000 share a fetch over when 10 do, at 150 or less),
# Store.ContentLoading.FirstFrame.Ratio (a first frame from a stored value over a synchronous first
# load, at 400 or less), Writes.ContentLoading.Settle.Ratio (an optimistic write applied and
# settled on a key with 100 pending writes over one with 1, at 150 or less),
# Writes.ContentLoading.ApplyAndDraw.Ratio (a write applied and drawn over a synchronous refresh,
# at 400 or less), Writes.ContentLoading.RoundTrip.Ratio (a write applied and cancelled, with its
# two draws, over a synchronous refresh, at 600 or less: held against regression) and
# Announcing.ContentLoading.FirstLoad.Ratio (a first load with an announcing wrapper delegate over
# one without, at 140 or less: the 0.5 µs budget of a synchronous load as a ratio) and
# Lists.ContentLoading.Refresh.Ratio (a refresh's snapshot and difference per row, 10,000 rows over
# 100, at 150 or less) and Lists.ContentLoading.ItemChange.Ratio (one shown item's write applied
# and rolled back, each drawn as one updated row, on a list of 10,000 rows over one of 100, at 150
# or less) and Lists.ContentLoading.PageAppend.Ratio (a page of 50 appended to a paged list of
# 10,000 rows over one of 100, at 150 or less). Their stored values
# (100) are limits written by hand, not measurements, so `update` leaves them alone.
set -uo pipefail
cd "$(dirname "$0")"

# Regular expressions that must match a benchmark's whole name. Per-operation paths: the
# malloc count per sample. Memory: count and bytes (its configuration's metrics). The ratios:
# each configuration's one metric, against a limit that `update` does not store.
groups=(
    '(SyncHotPath|StaleDrop|AsyncPath|RapidTaps)\.ContentLoading(\..*)?|Paging\.ContentLoading(\.StandardPolicy)?\.Append\.(First|TwoHundredth)|Composition\.ContentLoading\.(ChildChange\.(Ten|Thousand)|ReloadAll\.(Hundred|Thousand))'
    'Memory\.ContentLoading\..*'
    'Paging\.ContentLoading\.Append\.Ratio|Composition\.ContentLoading\.(ChildChange|ReloadAll|Construction)\.Ratio|Store\.ContentLoading\.(Lookup|Write|Waiter|FirstFrame)\.Ratio|Writes\.ContentLoading\.(Settle|ApplyAndDraw|RoundTrip)\.Ratio|Announcing\.ContentLoading\.FirstLoad\.Ratio|Lists\.ContentLoading\.(Refresh|ItemChange|PageAppend)\.Ratio'
)
metrics=('--metric mallocCountTotal' '' '')
measured=(1 1 0)

case "${1:-check}" in
update)
    for index in "${!groups[@]}"; do
        ((measured[index])) || continue
        # shellcheck disable=SC2086 # the metric options are meant to split
        swift package --allow-writing-to-package-directory benchmark thresholds update \
            --filter "${groups[$index]}" ${metrics[$index]} --no-progress || exit 1
    done
    ;;
check)
    status=0
    improved=0
    names=$(swift package benchmark list 2>/dev/null | sed -n '/available benchmarks:/,$p' | tail -n +2)
    for index in "${!groups[@]}"; do
        while read -r name; do
            [[ -z $name ]] && continue
            if [[ ! -f "Thresholds/ContentLoadingBenchmarks.$name.p90.json" ]]; then
                echo "error: no stored threshold for $name; run Benchmarks/allocation-gate.sh update"
                status=1
            fi
        done < <(grep -xE "${groups[$index]}" <<<"$names")

        output=$(mktemp)
        for attempt in 1 2; do
            # shellcheck disable=SC2086
            swift package benchmark thresholds check --filter "${groups[$index]}" ${metrics[$index]} --no-progress \
                2>&1 | tee "$output"
            result=${PIPESTATUS[0]}
            # Killed by a signal: `swift package` itself has crashed in its plugin runner under load
            # (libdispatch, SIGSEGV). Run the group once more; a second crash fails the gate.
            ((result > 128 && attempt == 1)) || break
            echo "note: the benchmark tool exited on signal $((result - 128)); running the group again"
        done
        if ((result != 0)); then
            if grep -q 'is WORSE than' "$output" || ! grep -q 'is BETTER than' "$output"; then
                status=1
            else
                improved=1
            fi
        fi
        rm -f "$output"
    done
    if ((improved)); then
        echo
        echo "Allocations improved (above): not a failure. Store the new counts with"
        echo "Benchmarks/allocation-gate.sh update, and commit them with the change."
    fi
    exit $status
    ;;
*)
    echo "usage: $0 [check|update]" >&2
    exit 2
    ;;
esac
