#if canImport(Foundation)
    import Foundation
#endif

/// Whether `error` is a cancellation by the framework's default rule: Swift's
/// `CancellationError`, and, where Foundation has it, `URLError.cancelled`.
func isCancellationByDefault(_ error: any Error) -> Bool {
    if error is CancellationError { return true }
    #if canImport(Foundation)
        if let error = error as? URLError, error.code == .cancelled { return true }
    #endif
    return false
}
