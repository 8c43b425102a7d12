public import Observation

/// A data source is observable: a SwiftUI view, or `withObservationTracking`, that reads its
/// state hears whenever that state changes, under every presentation policy.
///
/// The library's properties are observed here: ``DataSource/contentState``, a
/// ``PagedDataSource``'s ``PagedDataSource/appendState`` and ``PagedDataSource/nextCursor``, a
/// ``SegmentedDataSource``'s selection, a ``ComposedDataSource``'s children and a
/// ``StoreDataSource``'s value. An app's own
/// properties (its rows) are observed when it marks its subclass `@Observable`, which works on a
/// subclass of ``DataSource``:
///
/// ```swift
/// @Observable
/// final class FeedDataSource: PagedDataSource<Int> {
///     private(set) var rows: [String] = []   // a view that reads it hears every page land
/// }
/// ```
extension DataSource: Observable {}

extension DataSource {
    /// The library's observed properties, one bit each.
    struct ObservedKeys: OptionSet, Sendable {
        let rawValue: UInt8

        /// ``DataSource/contentState``.
        static let contentState = ObservedKeys(rawValue: 1 << 0)
        /// A paged data source's append lane: ``PagedDataSource/appendState`` and
        /// ``PagedDataSource/nextCursor``, keyed on the footer the lane calls for.
        static let appendLane = ObservedKeys(rawValue: 1 << 1)
        /// ``SegmentedDataSource/selectedIndex`` and ``SegmentedDataSource/selected``.
        static let selection = ObservedKeys(rawValue: 1 << 2)
        /// ``ComposedDataSource/children``.
        static let children = ObservedKeys(rawValue: 1 << 3)
        /// A ``StoreDataSource``'s ``StoreDataSource/value`` and ``StoreDataSource/isPlaceholder``.
        static let storeValue = ObservedKeys(rawValue: 1 << 4)
        /// A ``ListDataSource``'s ``ListDataSource/snapshot``.
        static let listSnapshot = ObservedKeys(rawValue: 1 << 5)
    }

    /// Tells Observation that `keyPath`, the property `key` stands for, was read.
    ///
    /// The read is remembered: a change of that property notifies only if it was read since its
    /// observers were last told (an observer, `withObservationTracking`'s or a view's, hears of
    /// one change and must read again to hear of the next). So a data source nobody observes
    /// never calls Observation when its state moves, and makes no registrar.
    func observationAccess<Subject: DataSource, Member>(
        _ key: ObservedKeys, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
    ) {
        let registrar: ObservationRegistrar
        if let made = libraryRegistrar {
            registrar = made
        } else {
            registrar = ObservationRegistrar()
            libraryRegistrar = registrar
        }
        observedKeys.insert(key)
        registrar.access(subject, keyPath: keyPath)
    }

    /// The append lane's state was read: ``PagedDataSource/appendState`` or its cursor.
    func observeAppendLane() {
        observationAccess(.appendLane, self, \DataSource.footer)
    }

    /// `key`, a lane's state, moved: its observers hear of it when the report under way ends.
    func observedKeyMoved(_ key: ObservedKeys) {
        if observedKeys.contains(key) { movedKeys.insert(key) }
    }

    /// Tells the observers of what moved, once the reports are out (see `endReporting()`).
    ///
    /// Each key's bit is cleared before its observers run: what they read again counts for the
    /// next change, and a change they make is reported, and notified, after this one.
    func notifyObservers() {
        let moved = movedKeys
        movedKeys = []
        observedKeys.subtract(moved)
        guard let registrar = libraryRegistrar else { return }
        if moved.contains(.contentState) {
            registrar.withMutation(of: self, keyPath: \DataSource.contentState) {}
        }
        if moved.contains(.appendLane) {
            registrar.withMutation(of: self, keyPath: \DataSource.footer) {}
        }
    }

    /// `keyPath`, the property `key` stands for, changed outside a report (a selection, a child
    /// added): its observers hear of it now, if it was read since they were last told.
    ///
    /// Call it once the change is complete: the observers may read anything.
    ///
    /// `keyPath` is made only when someone observes `key`: a key path into a generic data source
    /// (``StoreDataSource``) is built at run time, which cost more than the rest of a change.
    func observedPropertyDidChange<Subject: DataSource, Member>(
        _ key: ObservedKeys, _ subject: Subject, _ keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
        guard observedKeys.contains(key), let registrar = libraryRegistrar else { return }
        observedKeys.remove(key)
        registrar.withMutation(of: subject, keyPath: keyPath()) {}
    }
}
