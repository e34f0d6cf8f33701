import Foundation
import LiveTextNotifications
import TestSupport
import Testing

@Suite("pending notifications: actions invoked through dunst")
struct PendingTests {
    @Test("a click on the notification runs the handler once with 'default'; the close that follows is no second run")
    func clickDefault() async throws {
        try await NotificationFixture.with { f in
            let (pending, outcomes) = f.pending()
            let keys = Collected<String>()
            let id = try await pending.show(sampleRequest()) { keys.append($0) }
            try await f.dunst.clickNotification()
            try await outcomes.first("the close after the click") {
                $0 == .closed(id: id, reason: .dismissed, wasPending: false)
            }
            #expect(outcomes.all == [.performed(id: id, key: "default"),
                                     .closed(id: id, reason: .dismissed, wasPending: false)])
            #expect(keys.all == ["default"])
            #expect(await pending.count == 0)
        }
    }

    @Test("the default action twice through dunstctl: performed once, then a stale id")
    func defaultTwice() async throws {
        try await NotificationFixture.with { f in
            let (pending, outcomes) = f.pending()
            let keys = Collected<String>()
            let id = try await pending.show(sampleRequest()) { keys.append($0) }
            try await f.dunst.waitForDisplayed(1)
            try await f.dunst.invokeDefaultAction()
            try await outcomes.first("performed") { $0 == .performed(id: id, key: "default") }
            try await f.dunst.invokeDefaultAction()  // dunst keeps it open and sends it again
            try await outcomes.first("stale") { $0 == .staleId(id: id, key: "default") }
            #expect(keys.all == ["default"])
        }
    }

    @Test("a named action from dunst's context menu reaches the handler once with its key")
    func namedAction() async throws {
        try await NotificationFixture.with { f in
            let (pending, outcomes) = f.pending()
            let keys = Collected<String>()
            let id = try await pending.show(sampleRequest()) { keys.append($0) }
            try await f.dunst.waitForDisplayed(1)
            let menu = try await f.dunst.chooseAction(labeled: "Copy text")
            #expect(menu.contains { $0.hasPrefix("#Copy text") && $0.hasSuffix("[\(id),copy]") }, "\(menu)")
            try await outcomes.first("performed") { $0 == .performed(id: id, key: "copy") }
            try await f.dunst.chooseAction(labeled: "Copy text")
            try await outcomes.first("stale") { $0 == .staleId(id: id, key: "copy") }
            #expect(keys.all == ["copy"])
            #expect(f.events.all.filter { $0 == .actionInvoked(id: id, key: "copy") }.count == 2)
        }
    }

    @Test("a resident notification keeps its handler until it closes")
    func resident() async throws {
        try await NotificationFixture.with { f in
            let (pending, outcomes) = f.pending()
            let keys = Collected<String>()
            var request = sampleRequest()
            request.resident = true
            let id = try await pending.show(request) { keys.append($0) }
            try await f.dunst.waitForDisplayed(1)
            try await f.dunst.chooseAction(labeled: "Copy text")
            try await outcomes.first("first performed") { $0 == .performed(id: id, key: "copy") }
            try await f.dunst.chooseAction(labeled: "Open")
            try await outcomes.first("second performed") { $0 == .performed(id: id, key: "default") }
            #expect(keys.all == ["copy", "default"])
            try await f.dunst.closeAll()
            try await outcomes.first("closed") { $0 == .closed(id: id, reason: .dismissed, wasPending: true) }
            #expect(await !pending.isPending(id))
        }
    }

    @Test("closed by dunstctl close-all: forgotten, and an action that comes later is ignored")
    func closedThenAction() async throws {
        try await NotificationFixture.with { f in
            let (pending, outcomes) = f.pending()
            let keys = Collected<String>()
            let id = try await pending.show(sampleRequest()) { keys.append($0) }
            try await f.dunst.waitForDisplayed(1)
            try await f.dunst.closeAll()
            try await outcomes.first("closed") { $0 == .closed(id: id, reason: .dismissed, wasPending: true) }
            #expect(await !pending.isPending(id))
            // dunst drops the actions of what it keeps in history, but gives a closed id to a later
            // notification that asks to replace it: an action on that one names the closed id.
            var later = sampleRequest("later")
            later.replacesId = id
            #expect(try await f.client.notify(later) == id)
            try await f.dunst.waitForDisplayed(1)
            try await f.dunst.invokeDefaultAction()
            try await outcomes.first("stale") { $0 == .staleId(id: id, key: "default") }
            #expect(keys.all.isEmpty)
        }
    }

    @Test("an action key the notification never offered is ignored; an id shown by someone else is stale")
    func unknownKeyAndForeignId() async throws {
        try await NotificationFixture.with { f in
            let (pending, outcomes) = f.pending()
            let keys = Collected<String>()
            let id = try await pending.show(sampleRequest()) { keys.append($0) }
            // Someone replaces it (same id) with other actions; the user picks one of those.
            var replacement = sampleRequest("replaced")
            replacement.replacesId = id
            replacement.actions = [NotificationAction(key: "open-map", label: "Open map")]
            #expect(try await f.client.notify(replacement) == id)
            try await f.dunst.waitForDisplayed(1)
            try await f.dunst.chooseAction(labeled: "Open map")
            try await outcomes.first("unknown key") { $0 == .unknownKey(id: id, key: "open-map") }
            #expect(await pending.isPending(id))  // a foreign key does not consume it

            // A notification posted past the holder: its action is a stale id to the holder.
            let foreign = try await f.client.notify(sampleRequest("foreign"))
            try await f.dunst.waitForDisplayed(2)
            try await f.dunst.chooseAction(labeled: "Copy text")  // only the foreign one offers it
            try await outcomes.first("stale foreign") { $0 == .staleId(id: foreign, key: "copy") }
            #expect(keys.all.isEmpty)
        }
    }

    @Test("dunst restarted: everything pending is forgotten, and a notification on the new dunst works")
    func serverRestart() async throws {
        try await NotificationFixture.with { f in
            let (pending, outcomes) = f.pending()
            let keys = Collected<String>()
            let old = try await pending.show(sampleRequest("old")) { keys.append("old " + $0) }
            try await f.dunst.restart()
            try await outcomes.first("forgot one") { $0 == .serverChanged(forgotten: 1) }
            #expect(await !pending.isPending(old))
            // The new dunst counts from the start again, so the new id may equal the old one.
            let new = try await pending.show(sampleRequest("new")) { keys.append("new " + $0) }
            try await f.dunst.waitForDisplayed(1)
            try await f.dunst.chooseAction(labeled: "Copy text")
            try await outcomes.first("performed") { $0 == .performed(id: new, key: "copy") }
            #expect(keys.all == ["new copy"])
        }
    }

    @Test("at most `capacity` notifications are remembered, the oldest dropped first")
    func capacity() async throws {
        try await NotificationFixture.with { f in
            let (pending, outcomes) = f.pending(capacity: 2)
            var ids: [UInt32] = []
            for n in 0..<3 { ids.append(try await pending.show(sampleRequest("n\(n)")) { _ in }) }
            #expect(outcomes.all == [.evicted(id: ids[0])])
            #expect(await pending.count == 2)
            #expect(await !pending.isPending(ids[0]))
            #expect(await pending.isPending(ids[2]))
        }
    }

    @Test("stop() ends the event loop: later actions run no handler")
    func stop() async throws {
        try await NotificationFixture.with { f in
            let (pending, outcomes) = f.pending()
            let keys = Collected<String>()
            let id = try await pending.show(sampleRequest()) { keys.append($0) }
            pending.stop()
            try await f.dunst.waitForDisplayed(1)
            try await f.dunst.invokeDefaultAction()
            // The client still sees the action; the stopped holder does not act on it.
            try await f.events.first("the action") { $0 == .actionInvoked(id: id, key: "default") }
            try await f.dunst.closeAll()
            try await f.events.first("the close") { $0 == .closed(id: id, reason: .dismissed) }
            #expect(keys.all.isEmpty)
            #expect(outcomes.all.isEmpty)
        }
    }
}

@Suite("pending notifications: lifetime")
struct PendingLifetimeTests {
    final class Token: Sendable {}

    @Test("releasing the holder ends its event loop (what the loop holds is freed)")
    func releaseEndsLoop() async throws {
        try await NotificationFixture.with { f in
            weak var weakToken: Token?
            do {
                let token = Token()
                weakToken = token
                let pending = PendingNotifications(client: f.client) { _ in _ = token }
                _ = try await pending.show(sampleRequest()) { _ in }
            }
            for _ in 0..<500 where weakToken != nil { try await Task.sleep(for: .milliseconds(20)) }
            #expect(weakToken == nil)
        }
    }
}
