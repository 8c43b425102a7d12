/// A data source made of others of which one is shown at a time, like a segmented control's
/// tabs.
///
/// ```swift
/// let tabs = SegmentedDataSource(children: [popular, recent])
/// tabs.delegate = self          // one wrapper for whichever tab is selected
/// tabs.select(1)                // shows `recent` as it is now, loading it if it never loaded
/// ```
///
/// The screen shows the selected child's state, and only that:
/// - Selecting a child draws its state at once, without the presentation policy's delay, so
///   the screen never keeps another segment's state on show.
/// - A child is loaded when it is first selected (and by ``loadContent()``, which loads the
///   selected one); after that, only when you ask.
/// - A response for a child that is not selected lands in its model but does not move the
///   screen; selecting it later shows it.
@MainActor
open class SegmentedDataSource: DataSource, DataSourceParent {
    /// The segments' data sources.
    public let children: [DataSource]
    /// The index of the selected child; `nil` when there are no children.
    public private(set) var selectedIndex: Int?
    /// Counts what the wrapper was shown (wrapping): bumped on every selection and every
    /// settled outcome of the selected child, so that two children's loads never look alike.
    private var version: UInt64 = 0
    /// The selected child's settled load when last counted.
    private var countedLoad: UInt64 = 0
    /// Whether a selection is under way: it reports the new segment itself, at once.
    private var isSelecting = false

    /// Creates a segmented data source over `children`, with `selectedIndex` selected (clamped
    /// to the children; none when there are none). Nothing loads until ``loadContent()`` or
    /// ``select(_:)``.
    public init(children: [DataSource], selectedIndex: Int = 0) {
        self.children = children
        self.selectedIndex = children.isEmpty ? nil : min(max(selectedIndex, 0), children.count - 1)
        super.init()
        for child in children { child.adopt(parent: self) }
        if let selected { countedLoad = selected.presentation.settledLoad }
    }

    /// The selected child; `nil` when there are no children.
    public var selected: DataSource? { selectedIndex.map { children[$0] } }

    /// Selects the child at `index`: shows its state at once, and loads it if it never loaded.
    ///
    /// - Returns: `false`, with nothing changed, if `index` is out of range.
    @discardableResult
    public func select(_ index: Int) -> Bool {
        guard children.indices.contains(index) else { return false }
        guard index != selectedIndex else { return true }
        selectedIndex = index
        let child = children[index]
        // Began first, so the screen shows the segment loading rather than never loaded.
        isSelecting = true
        if !child.hasBegunALoad { child.loadContent() }
        isSelecting = false
        countedLoad = child.presentation.settledLoad
        version &+= 1
        // The previous segment's retry is no longer on screen.
        reportRetryEnded(.content)
        reportRetryEnded(.page)
        reportSegmentSelected()
        return true
    }

    /// Loads the selected child.
    open override func loadContent() {
        selected?.loadContent()
    }

    /// Whether the selected child has content.
    open override var hasContent: Bool { selected?.hasContent ?? false }

    /// The selected child's state, with a settled load of this source's own counting.
    override var presentation: (state: ContentState, settledLoad: UInt64, failure: (any Error)?) {
        guard let selected else { return (.initial, 0, nil) }
        let (state, _, failure) = selected.presentation
        return (state, version, failure)
    }

    override var hasBegunALoad: Bool { selected?.hasBegunALoad ?? false }

    func childMadeLaneReport(_ report: Report, from child: DataSource) {
        // Only the selected segment's retries are on screen.
        if child === selected { forwardRetry(report) }
    }

    func childDidReport(_ child: DataSource) {
        // A deselected child's response lands in its model; the screen stays on the selected one.
        guard child === selected, !isSelecting else { return }
        let settledLoad = child.presentation.settledLoad
        if settledLoad != countedLoad {
            countedLoad = settledLoad
            version &+= 1
        }
        reportStateChanged()
    }
}
