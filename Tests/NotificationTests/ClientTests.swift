import DBusKit
import Foundation
import LiveTextCore
import LiveTextNotifications
import TestSupport
import Testing

@Suite("notification client against dunst")
struct ClientTests {
    @Test("capabilities come from dunst: actions and body-markup, and who it is")
    func capabilities() async throws {
        try await NotificationFixture.with { f in
            let capabilities = try await f.client.capabilities()
            #expect(capabilities.actions)
            #expect(capabilities.bodyMarkup)
            #expect(capabilities.body)
            #expect(!capabilities.persistence)
            #expect(capabilities.serverName == "dunst")
            #expect(capabilities.specVersion == "1.2")
            #expect(try await f.client.capabilities() == capabilities)
        }
    }

    @Test("notify returns an id; dunst got the summary, body, actions and an image-data hint of the right size")
    func notify() async throws {
        try await NotificationFixture.with { f in
            let monitor = try await f.dunst.monitorNotifyCalls()
            var request = sampleRequest("Flight LH 400", body: "<b>Frankfurt</b> → New York")
            request.image = try gradient(width: 37, height: 21)
            request.urgency = .critical
            request.category = "im.received"
            request.desktopEntry = "livetext"
            request.transient = true
            let id = try await f.client.notify(request)
            #expect(id > 0)

            let seen = try await monitor.lastNotify()
            await monitor.stop()
            #expect(seen.appName == "livetext")
            #expect(seen.summary == "Flight LH 400")
            #expect(seen.body == "<b>Frankfurt</b> → New York")
            #expect(seen.actions == ["default", "Open", "copy", "Copy text"])
            #expect(seen.hintNames == ["category", "desktop-entry", "image-data", "transient", "urgency"])
            #expect(seen.hintTypes["urgency"] == "y")
            #expect(seen.hintTypes["image-data"] == "(iiibiiay)")
            #expect(seen.expireTimeout == 0)
            let image = try #require(seen.image, "\(seen)")
            #expect(image.width == 37 && image.height == 21 && image.rowstride == 37 * 4)
            #expect(image.hasAlpha && image.bitsPerSample == 8 && image.channels == 4)
            #expect(image.data == request.image?.rgba)

            try await f.dunst.waitForDisplayed(1)
            try await f.dunst.closeAll()
            try await f.events.first("NotificationClosed") { $0 == .closed(id: id, reason: .dismissed) }
            let entry = try #require(try await f.dunst.history().first)
            #expect(entry.id == Int(id))
            #expect(entry.appName == "livetext")
            #expect(entry.summary == "Flight LH 400")
            #expect(entry.defaultActionName == "default")
        }
    }

    @Test("replacesId keeps the id, and dunst shows one notification")
    func replace() async throws {
        try await NotificationFixture.with { f in
            let id = try await f.client.notify(sampleRequest("first"))
            var second = sampleRequest("second")
            second.replacesId = id
            #expect(try await f.client.notify(second) == id)
            try await f.dunst.waitForDisplayed(1)
            try await f.dunst.closeAll()
            try await f.events.first("NotificationClosed") { $0 == .closed(id: id, reason: .dismissed) }
            #expect(try await f.dunst.history().first?.summary == "second")
        }
    }

    @Test("close(id) closes it in dunst with reason 'closed by call'; a second close is refused")
    func close() async throws {
        try await NotificationFixture.with { f in
            let id = try await f.client.notify(sampleRequest())
            try await f.dunst.waitForDisplayed(1)
            #expect(try await f.client.close(id))
            try await f.events.first("NotificationClosed") { $0 == .closed(id: id, reason: .closedByCall) }
            try await f.dunst.waitForDisplayed(0)
            _ = try await f.client.close(id)  // dunst accepts or refuses; it must not throw
        }
    }

    @Test("no server on the bus: a clear .unavailable error, not a hang")
    func noServer() async throws {
        let bus = try await TestBus.start()
        let connection = try await DBusConnection.connect(address: bus.address)
        let client = try await NotificationClient(connection: connection)
        for attempt in 0..<2 {
            let error = await #expect(throws: LiveTextError.self) {
                if attempt == 0 { _ = try await client.capabilities() } else { _ = try await client.notify(sampleRequest()) }
            }
            #expect(error?.code == .unavailable)
            #expect(error?.message == "no notification server on the session bus (org.freedesktop.Notifications)")
        }
        client.stop()
        connection.close()
        await bus.stop()
    }

    @Test("a server that owns the name but never answers: .unavailable after the short call timeout")
    func hungServer() async throws {
        try await NotificationFixture.with(callTimeout: .milliseconds(700)) { f in
            f.dunst.freeze()
            let error = await #expect(throws: LiveTextError.self) { _ = try await f.client.capabilities() }
            #expect(error?.code == .unavailable)
            #expect(error?.message.contains("did not answer GetCapabilities") == true, "\(String(describing: error))")
        }
    }

    @Test("dunst killed and restarted: serverChanged, capabilities refetched from the new one, notify works")
    func restart() async throws {
        try await NotificationFixture.with { f in
            #expect(try await f.client.capabilities().bodyMarkup)
            _ = try await f.client.notify(sampleRequest())
            try await f.dunst.kill()
            try await f.events.first("serverChanged after the kill") { $0 == .serverChanged }
            // The new dunst does not interpret markup, so stale cached capabilities would show.
            try await f.dunst.restart(settings: ["markup": "no"])
            let capabilities = try await f.client.capabilities()
            #expect(!capabilities.bodyMarkup)
            #expect(capabilities.actions)
            let second = try await f.client.notify(sampleRequest("after restart"))
            #expect(second > 0)
            try await f.dunst.waitForDisplayed(1)
            try await f.dunst.closeAll()
            try await f.events.first("NotificationClosed from the new dunst") {
                $0 == .closed(id: second, reason: .dismissed)
            }
        }
    }

    @Test("a signal sent straight to the client by another connection than the server's is no event")
    func foreignSender() async throws {
        try await NotificationFixture.with { f in
            let other = try await DBusConnection.connect(address: f.dunst.bus.address)
            defer { other.close() }
            let id = try await f.client.notify(sampleRequest())
            try other.emitSignal(path: NotificationClient.objectPath, interface: NotificationClient.interfaceName,
                                 member: "ActionInvoked", arguments: [.uint32(id), "forged"],
                                 destination: f.client.connection.uniqueName)
            // A call after it returns once the bus has routed the signal (it handles messages in order).
            _ = try await other.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                     interface: "org.freedesktop.DBus", member: "GetId")
            try await f.dunst.waitForDisplayed(1)
            try await f.dunst.chooseAction(labeled: "Copy text")
            try await f.events.first("the real action") { $0 == .actionInvoked(id: id, key: "copy") }
            #expect(!f.events.all.contains(.actionInvoked(id: id, key: "forged")))
        }
    }

    @Test("bad requests are refused before anything is sent")
    func badRequests() async throws {
        try await NotificationFixture.with { f in
            let monitor = try await f.dunst.monitorNotifyCalls()
            var twice = sampleRequest()
            twice.actions.append(NotificationAction(key: "copy", label: "Copy again"))
            var emptyKey = sampleRequest()
            emptyKey.actions = [NotificationAction(key: "", label: "Nothing")]
            var nul = sampleRequest()
            nul.body = "a\u{0}b"
            var expiry = sampleRequest()
            expiry.expireTimeout = -5
            for request in [twice, emptyKey, nul, expiry] {
                let error = await #expect(throws: LiveTextError.self) { _ = try await f.client.notify(request) }
                #expect(error?.code == .invalidArgs)
            }
            // A good one after them is the only call dunst saw.
            _ = try await f.client.notify(sampleRequest("good"))
            #expect(try await monitor.lastNotify().summary == "good")
            #expect(monitor.calls().count == 1)
            await monitor.stop()
        }
    }
}

@Suite("notification client: lifetime")
struct ClientLifetimeTests {
    @Test("stop() ends every event stream, and later ones start ended")
    func stopEndsStreams() async throws {
        try await NotificationFixture.with { f in
            let ended = Collected<Int>()
            let before = f.client.events()
            let task = Task { for await _ in before {}; ended.append(1) }
            f.client.stop()
            try await ended.first("the stream's end") { $0 == 1 }
            var after = f.client.events().makeAsyncIterator()
            #expect(await after.next() == nil)
            task.cancel()
        }
    }
}
