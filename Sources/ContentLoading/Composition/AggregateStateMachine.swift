/// The pure logic behind a ``ComposedDataSource``'s state: counts of its children in each state,
/// and the one state the screen shows for them.
///
/// A child's change moves one count down and one up, and the state is read from the counts,
/// so it costs the same with ten children or a thousand. The rule, first match wins:
///
/// | children                                        | aggregate    | why |
/// |-------------------------------------------------|--------------|-----|
/// | some have content, some are loading or refreshing | `refreshing` | show what is there; more is on the way |
/// | some have content                               | `content`    | a failed or empty section must not hide the others; a failure is reported beside the content |
/// | some are on their first load                    | `loading`    | nothing to show yet |
/// | some failed (none has content)                  | `error`      | nothing to show, and something went wrong |
/// | some are empty                                  | `empty`      | everything loaded, and there is nothing |
/// | otherwise (none, or none loaded)                | `initial`    | nothing requested yet |
///
/// Under ``RevealPolicy/allTogether``, until the aggregate first settles, a child still on its
/// first load makes the aggregate `loading` even when others have content.
struct AggregateStateMachine: Sendable {
    /// How many children are in each state, indexed by ``ContentState``'s position.
    private var counts = [Int](repeating: 0, count: ContentState.allCases.count)
    let reveal: RevealPolicy
    /// Whether the aggregate has shown anything but loading once: the first load is over.
    private(set) var hasSettled = false

    init(reveal: RevealPolicy) {
        self.reveal = reveal
    }

    /// The number of children counted.
    var childCount: Int { counts.reduce(0, +) }

    /// A child joined in `state`.
    mutating func add(_ state: ContentState) {
        counts[Self.index(state)] += 1
        noteSettling()
    }

    /// A child left while in `state`.
    mutating func remove(_ state: ContentState) {
        counts[Self.index(state)] -= 1
        noteSettling()
    }

    /// Children left while in `removed` states and others joined in `added`, as one change: the
    /// first load counts as settled only if the result is, not a state passed through on the way.
    mutating func exchange(removing removed: [ContentState], adding added: [ContentState]) {
        for state in removed { counts[Self.index(state)] -= 1 }
        for state in added { counts[Self.index(state)] += 1 }
        noteSettling()
    }

    /// Counts `states` afresh, as a container that never loaded: its next load is a first load.
    mutating func reset(counting states: [ContentState]) {
        counts = [Int](repeating: 0, count: ContentState.allCases.count)
        hasSettled = false
        for state in states { counts[Self.index(state)] += 1 }
        noteSettling()
    }

    /// A child moved from `old` to `new`.
    mutating func move(from old: ContentState, to new: ContentState) {
        guard old != new else { return }
        counts[Self.index(old)] -= 1
        counts[Self.index(new)] += 1
        noteSettling()
    }

    /// How many children are in `state`.
    func count(_ state: ContentState) -> Int { counts[Self.index(state)] }

    /// The state the screen shows for the children as they are.
    var state: ContentState {
        let loading = count(.loading)
        let withContent = count(.content) + count(.refreshing)
        if withContent > 0 {
            if reveal == .allTogether, !hasSettled, loading > 0 { return .loading }
            return loading + count(.refreshing) > 0 ? .refreshing : .content
        }
        if loading > 0 { return .loading }
        if count(.error) > 0 { return .error }
        if count(.empty) > 0 { return .empty }
        return .initial
    }

    private mutating func noteSettling() {
        if !hasSettled, state != .loading, state != .initial { hasSettled = true }
    }

    private static func index(_ state: ContentState) -> Int {
        switch state {
        case .initial: 0
        case .loading: 1
        case .refreshing: 2
        case .content: 3
        case .empty: 4
        case .error: 5
        }
    }
}
