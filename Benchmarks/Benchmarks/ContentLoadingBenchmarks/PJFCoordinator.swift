/// A PJFDataSource-style coordinator: allocates a token per load and finishes a load only if
/// its token is the current one and still valid.
@MainActor
final class PJFCoordinator {
    private var current: PJFLoadingState?

    /// Begins a load, invalidating the one in flight.
    func begin() -> PJFLoadingState {
        current?.invalidate()
        let state = PJFLoadingState()
        current = state
        return state
    }

    /// Finishes `state` if it is still current; `false` if a newer load superseded it.
    func finish(_ state: PJFLoadingState) -> Bool {
        guard state === current, state.isValid else { return false }
        state.invalidate()
        current = nil
        return true
    }
}
