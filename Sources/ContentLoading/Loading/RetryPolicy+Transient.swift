#if canImport(Foundation)
    import Foundation
#endif

extension RetryPolicy {
    /// Whether another attempt might succeed where `error` failed: the default predicate of
    /// ``shouldRetry``.
    ///
    /// `false` for errors no retry can fix: a `DecodingError` or `EncodingError` (the same bytes
    /// decode the same way), a cancellation, and, where Foundation has `URLError`, a bad or
    /// unsupported URL, a refused authentication or certificate, or a file that does not exist.
    /// `true` for everything else, as TanStack Query retries every error: timeouts, lost
    /// connections and server errors are what retries are for. Decide for your own errors in
    /// ``shouldRetry``:
    ///
    /// ```swift
    /// var policy = RetryPolicy.standard
    /// policy.shouldRetry = { error, _ in
    ///     (error as? APIError)?.statusCode ?? 500 >= 500 && RetryPolicy.isTransient(error)
    /// }
    /// ```
    public static func isTransient(_ error: any Error) -> Bool {
        if error is CancellationError || error is DecodingError || error is EncodingError { return false }
        #if canImport(Foundation)
            if let error = error as? URLError {
                switch error.code {
                case .cancelled, .badURL, .unsupportedURL, .userAuthenticationRequired, .userCancelledAuthentication,
                    .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
                    .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired,
                    .fileDoesNotExist, .fileIsDirectory, .noPermissionsToReadFile, .dataLengthExceedsMaximum:
                    return false
                default:
                    return true
                }
            }
        #endif
        return true
    }
}
