/// A delegate that does nothing, owned elsewhere, as an app's screen owns itself.
@MainActor
final class FloorListener: FloorDelegate {
    func didReport() {}
}
