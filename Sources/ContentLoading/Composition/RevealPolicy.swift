/// When a ``ComposedDataSource`` shows its sections during its first load: all together, or
/// each as it arrives.
public enum RevealPolicy: Sendable, Hashable {
    /// The first load shows one loading screen until no section is still on its first load,
    /// then every section at once: no section pops in under another. The default.
    ///
    /// Only the composed source's first load waits so. Once it has shown content, a section
    /// added or loaded later appears when it arrives, with the others on screen.
    case allTogether
    /// Each section appears the moment it has content, while the others keep loading (the
    /// state is then ``ContentState/refreshing``).
    case asTheyArrive
}
