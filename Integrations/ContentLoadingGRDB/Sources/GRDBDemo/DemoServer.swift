import Foundation

/// The demo's network: a list of colours and a message after a latency, or a failure while
/// offline. The message posted last is the server's state, kept in a file of its own (beside the
/// database, apart from it: the app's database is not the server).
struct DemoServer: Sendable {
    /// Why a request failed.
    enum Failure: Error, CustomStringConvertible {
        case offline

        var description: String { "the network is off" }
    }

    let isOffline: Bool
    let latency: Duration
    /// The file the server keeps the posted message in.
    let messageFile: String

    /// The colours the server holds now; the last one says when they were sent.
    func colors() async throws -> [String] {
        try await Task.sleep(for: latency)
        if isOffline { throw Failure.offline }
        let sentAt = Date().formatted(date: .omitted, time: .standard)
        return ["red", "green", "blue", "sent at \(sentAt)"]
    }

    /// The message of the day, as a store's value.
    func messageOfTheDay() async throws -> String {
        try await Task.sleep(for: latency)
        if isOffline { throw Failure.offline }
        let fetchedAt = "fetched at \(Date().formatted(date: .omitted, time: .standard))"
        guard let posted = try? String(contentsOfFile: messageFile, encoding: .utf8) else { return fetchedAt }
        return "\(posted) (\(fetchedAt))"
    }

    /// Posts a new message of the day; returns `nil`: the message as written is the new value.
    func post(message: String) async throws -> String? {
        try await Task.sleep(for: latency)
        if isOffline { throw Failure.offline }
        try message.write(toFile: messageFile, atomically: true, encoding: .utf8)
        return nil
    }
}
