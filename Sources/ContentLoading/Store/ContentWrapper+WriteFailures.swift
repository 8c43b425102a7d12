/// Write failures: announced beside the content, which stays.
extension ContentWrapper {
    /// Announces that an optimistic write on the content shown failed and was rolled back.
    func announce(_ failure: WriteFailure) {
        delegate?.contentWrapper(self, announce: Announcement(.writeFailed(failure)))
    }
}
