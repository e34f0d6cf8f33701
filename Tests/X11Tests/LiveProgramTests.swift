import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

/// `livetext live`, the real program, seen from another client: its window and its grabs, on
/// every way it ends.
@Suite("livetext live and the grabs")
struct LiveProgramTests {
    @Test("livetext live shows an override-redirect window of class livetext holding both grabs; Esc closes it (exit 5) and frees them")
    func escape() async throws {
        try await TestDisplay.with(width: 640, height: 400) { server in
            let program = try LiveProgram.start(["live"], on: server)
            defer { if program.isRunning { kill(program.processIdentifier, SIGKILL) } }
            let window = try await LiveProbe.waitForSurface(server)
            #expect(window.overrideRedirect && window.viewable)
            #expect(window.frame == [0, 0, 640, 400])
            try await xdotool(server, "key Escape")
            #expect(try await LiveProgram.exitStatus(program) == 5)
            let after = try await LiveProbe.grabsFree(server)
            #expect(after.pointer && after.keyboard)
            #expect(after.windows.isEmpty)
        }
    }

    @Test("killing livetext live (SIGKILL, no cleanup) leaves no grab and no window: the server drops them with the connection")
    func killed() async throws {
        try await TestDisplay.with(width: 640, height: 400) { server in
            let program = try LiveProgram.start(["live", "--region", "10,20,300,200"], on: server)
            let window = try await LiveProbe.waitForSurface(server)
            #expect(window.frame == [10, 20, 300, 200])
            kill(program.processIdentifier, SIGKILL)
            _ = try await LiveProgram.exitStatus(program)
            let after = try await LiveProbe.waitUntilFree(server)
            #expect(after.pointer && after.keyboard)
            #expect(after.windows.isEmpty)
        }
    }

    @Test("a second livetext live while one is up says so (exit 4); the first stays and keeps its grabs")
    func second() async throws {
        try await TestDisplay.with(width: 640, height: 400) { server in
            let first = try LiveProgram.start(["live"], on: server)
            defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }
            _ = try await LiveProbe.waitForSurface(server)
            let second = try await runCommand(builtLivetext().path, ["live"], environment: LiveProgram.environment(server))
            #expect(second.status == 4)
            #expect(second.stderr.contains("already shown"), "\(second.stderr)")
            let during = try await LiveProbe.grabsFree(server)
            #expect(!during.pointer && !during.keyboard)
            #expect(during.windows.count == 1)
            try await xdotool(server, "key Escape")
            #expect(try await LiveProgram.exitStatus(first) == 5)
        }
    }

    @Test("livetext view opens a normal window of class livetext (not override-redirect) and grabs nothing")
    func view() async throws {
        try await TestDisplay.with(width: 640, height: 400) { server in
            let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("AdapterTests/Fixtures/text-light-15px.png").path
            let program = try LiveProgram.start(["view", page], on: server)
            defer { if program.isRunning { kill(program.processIdentifier, SIGKILL) } }
            var windows: [UInt] = []
            for _ in 0..<500 where windows.isEmpty {
                windows = try await LiveProbe.grabsFree(server).windows
                if windows.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
            }
            let probe = try await LiveProbe.grabsFree(server)
            #expect(probe.windows.count == 1)
            #expect(probe.pointer && probe.keyboard)
            let window = Window(windows[0])
            let shown = try await offPool {
                let display = try X11Display(name: server.name)
                defer { display.close() }
                var attributes = XWindowAttributes()
                XGetWindowAttributes(display.handle, window, &attributes)
                return [Int(attributes.override_redirect), Int(attributes.width), Int(attributes.height)]
            }
            // The image's width; at least 200 high (the 96 px image centred in it).
            #expect(shown == [0, 520, 200])
        }
    }
}
