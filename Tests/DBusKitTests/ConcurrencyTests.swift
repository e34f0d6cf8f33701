import TestSupport
import DBusKit
import Foundation
import Testing

@Suite("concurrency, timeouts and disconnects")
struct ConcurrencyTests {
    @Test("49 fast calls are answered while a slow handler is still running")
    func slowHandlerDoesNotStallOthers() async throws {
        try await Fixture.with { f async throws in
            let log = EventLog()
            // The slow handler waits on a gate instead of a clock: it is released only after every fast
            // reply has arrived, so if handlers were serialized the fast calls would time out instead.
            let slow = Task {
                let reply = try await f.call("Slow", ["slow"])
                await log.add("slow")
                return reply
            }
            await f.gate.entered()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for n in 0..<49 {
                    group.addTask {
                        let reply = try await f.call("Fast", [.string("fast\(n)")])
                        #expect(reply == [.string("fast\(n)")])
                        await log.add("fast\(n)")
                    }
                }
                try await group.waitForAll()
            }
            // A separate process is answered too while the slow handler runs: the bus queue is free.
            let other = try await runCommand("/usr/bin/gdbus", f.gdbusCall + ["\(TestService.interfaceName).Add", "1", "1"])
            #expect(other.stdout.contains("(2,)"), "\(other.stderr)")
            #expect(await log.events.count == 49)
            #expect(!(await log.events.contains("slow")))
            await f.gate.open()
            #expect(try await slow.value == ["slow"])
            let events = await log.events
            #expect(events.count == 50 && events.last == "slow")
        }
    }

    @Test("a call without a reply in time fails with NoReply; the late reply is ignored")
    func timeout() async throws {
        try await Fixture.with { f async throws in
            do {
                _ = try await f.call("Slow", ["late"], timeout: .milliseconds(200))
                Issue.record("expected NoReply")
            } catch let error as DBusError {
                #expect(error.name == DBusError.Name.noReply)
            }
            await f.gate.open()
            #expect(try await f.call("Fast", ["after"]) == ["after"])
        }
    }

    @Test("cancelling the calling task cancels the call")
    func cancellation() async throws {
        try await Fixture.with { f async throws in
            let task = Task { try await f.call("Slow", ["cancelled"]) }
            await f.gate.entered()
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            await f.gate.open()
            #expect(try await f.call("Fast", ["after"]) == ["after"])
        }
    }

    @Test("a client leaving mid-call: NameOwnerChanged is seen and others are still served")
    func clientDisconnectsMidCall() async throws {
        try await Fixture.with { f async throws in
            let owners = try await f.service.signals(matching: .nameOwnerChanged())
            let leaving = try await DBusConnection.connect(address: f.bus.address)
            let leavingName = leaving.uniqueName
            let call = Task {
                try await leaving.call(destination: TestService.name, path: TestService.path,
                                       interface: TestService.interfaceName, member: "Slow", arguments: ["gone"])
            }
            await f.gate.entered()
            leaving.close()
            do {
                _ = try await call.value
                Issue.record("the closed connection's call should fail")
            } catch let error as DBusError {
                #expect(error.name == DBusError.Name.disconnected)
            }
            var noticed = false
            for await signal in owners {
                // The first change for this name is its arrival; wait for its departure.
                if let change = NameOwnerChange(signal), change.name == leavingName, change.newOwner == nil {
                    #expect(change.isDisconnect)
                    #expect(change.oldOwner == leavingName)
                    noticed = true
                    break
                }
            }
            #expect(noticed)
            // The handler finishes and replies to nobody; the service carries on.
            await f.gate.open()
            #expect(try await f.call("Add", [20, 22]) == [42])
            let other = try await runCommand("/usr/bin/gdbus", f.gdbusCall + ["\(TestService.interfaceName).Add", "1", "2"])
            #expect(other.stdout.contains("(3,)"), "\(other.stderr)")
        }
    }

    @Test("the connection reports the bus going away")
    func busGoesAway() async throws {
        let bus = try await TestBus.start()
        let connection = try await DBusConnection.connect(address: bus.address)
        await bus.stop()
        await connection.waitUntilDisconnected()
        await #expect(throws: DBusError.self) {
            try await connection.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                      interface: "org.freedesktop.DBus.Peer", member: "Ping")
        }
        connection.close()
    }
}
