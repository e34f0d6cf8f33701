import DBusKit
import Foundation
import LiveTextNotifications
import TestSupport

/// Values that arrive from other tasks (events, outcomes, handler calls), kept in order, and waited
/// for with a timeout.
final class Collected<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [T] = []

    func append(_ item: T) { lock.withLock { items.append(item) } }

    var all: [T] { lock.withLock { items } }

    /// Waits (up to 10 s) until an item satisfies `predicate`, and returns the first one that does.
    @discardableResult
    func first(_ what: String, where predicate: (T) -> Bool) async throws -> T {
        for _ in 0..<500 {
            if let found = all.first(where: predicate) { return found }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestFailure("never got \(what); got \(all)")
    }
}

/// A private bus and display with dunst, a connection to the bus, a ``NotificationClient`` on it, and
/// every event the client reported.
struct NotificationFixture {
    let dunst: DunstServer
    let client: NotificationClient
    let events: Collected<NotificationEvent>

    static func with(settings: [String: String] = [:], callTimeout: Duration = NotificationClient.defaultCallTimeout,
                     _ body: (NotificationFixture) async throws -> Void) async throws {
        try await DunstServer.with(settings: settings) { dunst in
            let connection = try await DBusConnection.connect(address: dunst.bus.address)
            let client = try await NotificationClient(connection: connection, callTimeout: callTimeout)
            let events = Collected<NotificationEvent>()
            let stream = client.events()
            let forwarding = Task { for await event in stream { events.append(event) } }
            defer {
                client.stop()
                forwarding.cancel()
                connection.close()
            }
            try await body(NotificationFixture(dunst: dunst, client: client, events: events))
        }
    }

    /// A ``PendingNotifications`` on the client whose outcomes and handler calls are collected.
    func pending(capacity: Int = 64) -> (PendingNotifications, outcomes: Collected<PendingOutcome>) {
        let outcomes = Collected<PendingOutcome>()
        let pending = PendingNotifications(client: client, capacity: capacity) { outcomes.append($0) }
        return (pending, outcomes)
    }
}

/// A request with a default action and a named one, as livetext posts them.
func sampleRequest(_ summary: String = "QR code", body: String = "https://example.org/a?b=c") -> NotificationRequest {
    var request = NotificationRequest(summary: summary, body: body,
                                      actions: [.default("Open"), NotificationAction(key: "copy", label: "Copy text")])
    request.expireTimeout = 0
    return request
}

/// An RGBA test image whose bytes all differ from their neighbours'.
func gradient(width: Int, height: Int) throws -> NotificationImage {
    var bytes: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width { bytes += [UInt8(x & 255), UInt8(y & 255), UInt8((x + y) & 255), 255] }
    }
    return try NotificationImage(width: width, height: height, rgba: bytes)
}
