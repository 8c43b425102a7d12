/// One step of a composition sequence: something a child, the container or the user does.
///
/// Children are named by their place in the run's pool (see ``CompositionScenario``), whether
/// or not they are in the container now; a step on a child that was released does nothing.
enum CompositionStep: Hashable, Sendable, CustomStringConvertible {
    /// Which of a child's tokens a finish names: its newest, or the `n`th it began (0-based).
    typealias Reference = StepReference

    /// What a finish brings.
    enum Outcome: Hashable, Sendable, CustomStringConvertible {
        /// Content (or, with no items, nothing: the section is empty).
        case items([String])
        /// A failure, numbered.
        case failure(Int)
        /// A `CancellationError`: the load is cancelled, not failed.
        case cancellation

        var description: String {
            switch self {
            case .items(let items): ".items(\(items))"
            case .failure(let id): ".failure(\(id))"
            case .cancellation: ".cancellation"
            }
        }
    }

    /// A child begins a load through its coordinator (a first load or a refresh, as its state makes it).
    case begin(child: Int, keepingContent: Bool)
    /// A child's token, current or stale, is finished.
    case finish(child: Int, Reference, Outcome)
    /// A child's load in flight is cancelled.
    case cancel(child: Int)
    /// A child's model changes outside a load, and it says so (`contentDidChange()`).
    case changeModel(child: Int, [String])
    /// The container's `loadContent()`: every child (composed) or the selected one (segmented).
    case reload(keepingContent: Bool)
    /// Composed only: the child joins the container as its last section.
    case add(child: Int)
    /// Composed only: the child leaves the container (its load in flight is cancelled).
    case remove(child: Int)
    /// Composed only: the child leaves the container and the run drops its last reference.
    case release(child: Int)
    /// Segmented only: a segment is selected, in range or not.
    case select(Int)
    // The children change and the container resets (see CompositionStep+Structure.swift).
    /// The child joins as the section (composed) or segment (segmented) at the index, in range or not.
    case insert(child: Int, at: Int)
    /// Composed only: the section moves to the index, in range or not.
    case move(child: Int, to: Int)
    /// Composed only: the sections become these children, in this order (released ones left out).
    case relist([Int])
    /// Segmented only: the segment at the index is removed, in range or not.
    case removeSegment(Int)
    /// The container's `resetContent()`.
    case reset
    /// The next time the framework calls `site`, the app does `action` from inside it (once).
    indirect case reenter(CompositionSite, CompositionStep)

    /// Whether the step acts from inside a callback (the second random stream's steps).
    var isReentrant: Bool { if case .reenter = self { true } else { false } }

    var description: String {
        switch self {
        case .begin(let child, let keeping): ".begin(child: \(child), keepingContent: \(keeping))"
        case .finish(let child, let reference, let outcome): ".finish(child: \(child), \(reference), \(outcome))"
        case .cancel(let child): ".cancel(child: \(child))"
        case .changeModel(let child, let items): ".changeModel(child: \(child), \(items))"
        case .reload(let keeping): ".reload(keepingContent: \(keeping))"
        case .add(let child): ".add(child: \(child))"
        case .remove(let child): ".remove(child: \(child))"
        case .release(let child): ".release(child: \(child))"
        case .select(let index): ".select(\(index))"
        case .insert, .move, .relist, .removeSegment, .reset: structureDescription
        case .reenter(let site, let action): ".reenter(\(site), \(action))"
        }
    }
}
