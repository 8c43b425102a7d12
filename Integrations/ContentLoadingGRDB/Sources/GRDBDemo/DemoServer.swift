import Foundation

/// The demo's network: a list of colours after a latency, or a failure while offline.
struct DemoServer: Sendable {
    /// Why a request failed.
    enum Failure: Error, CustomStringConvertible {
        case offline

        var description: String { "the network is off" }
    }

    let isOffline: Bool
    let latency: Duration

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
        return "fetched at \(Date().formatted(date: .omitted, time: .standard))"
    }
}
