import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

@Suite("the X11 connection")
struct DisplayTests {
    @Test("no DISPLAY, or a display nobody serves, is 'unavailable' with what to do")
    func noDisplay() {
        #expect(throws: LiveTextError.self) { try X11Display(name: "") }
        do {
            _ = try X11Display(name: ":999")
            Issue.record("opened a display nobody serves")
        } catch let error as LiveTextError {
            #expect(error.code == .unavailable)
            #expect(error.message.contains(":999"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("atoms round-trip; a request on a window that does not exist is trapped as BadWindow")
    func atomsAndErrors() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let display = try X11Display(name: server.name)
            defer { display.close() }
            #expect(display.screenSize == (320, 200))
            let atom = display.atom("LIVETEXT_TEST_ATOM")
            #expect(display.atomName(atom) == "LIVETEXT_TEST_ATOM")
            #expect(display.atomName(123_456) == nil)
            let error = display.trapErrors { XMapWindow(display.handle, 0x1234_5678) }
            #expect(error?.code == X11ProtocolError.badWindow)
            #expect(display.trapErrors { _ = XInternAtom(display.handle, "OK", 0) } == nil)
        }
    }

    @Test("a server that goes away leaves a broken connection, not a dead process")
    func serverGoesAway() async throws {
        let server = try await TestDisplay.start(width: 100, height: 100)
        let display = try X11Display(name: server.name)
        await server.stop()
        display.sync()
        #expect(display.isBroken)
        #expect(throws: LiveTextError.self) { try display.checkAlive() }
        display.close()
    }
}
