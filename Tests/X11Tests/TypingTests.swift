import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

@Suite("typing with XTEST")
struct TypingTests {
    @Test("text typed into a real xterm arrives byte for byte (ASCII, Latin-1, €, –, ✓, tab, newlines), even with Caps Lock on and Shift held; the keymap is as before and no key stays down")
    func typesIntoXterm() async throws {
        try await TestDisplay.with(width: 640, height: 400) { server in
            let text = "Hello, World! +1 (415) 555-0123 ~`|\nhéllo wörld € – ✓\ta\r\nend\n"
            let expected = "Hello, World! +1 (415) 555-0123 ~`|\nhéllo wörld € – ✓\ta\nend\n"
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("typed-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: output) }
            let xterm = try startXterm(server, command: "head -c \(expected.utf8.count) > '\(output.path)'")
            defer { stop(xterm) }

            let display = try X11Display(name: server.name)
            defer { display.close() }
            try await focusXterm(server, display)
            try await xdotool(server, ["key", "Caps_Lock", "keydown", "shift"])
            #expect(ledIsLit(display, "Caps Lock"))
            let before = KeyboardMapping(display: display.handle)

            let typer = try KeyboardTyper(display: display)
            try await offPool { try typer.type(text) }

            #expect(KeyboardMapping(display: display.handle) == before)
            #expect(pressedKeycodes(display).isEmpty)
            #expect(ledIsLit(display, "Caps Lock"))
            #expect(await waitForExit(xterm), "xterm did not get all \(expected.utf8.count) bytes")
            let typed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            #expect(typed == expected)
        }
    }

    @Test("cancelling while typing stops between characters, leaving the keymap as it was and no key down")
    func cancelRestores() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let watcher = try X11Display(name: server.name)
            defer { watcher.close() }
            let before = KeyboardMapping(display: watcher.handle)
            let typer = try KeyboardTyper(display: display)

            // Already cancelled: nothing is typed.
            let cancelled = CancellationFlag()
            cancelled.cancel()
            #expect(throws: LiveTextError(.cancelled, "typing cancelled")) { try typer.type("abc", cancel: cancelled) }

            // Cancel once a spare key is bound for a character no key types.
            let flag = CancellationFlag()
            let typing = Task { try await offPool { try typer.type(String(repeating: "€✓é z", count: 2000), cancel: flag) } }
            // Watched from a thread of its own: on the cooperative pool, which the other tests keep
            // busy, this loop once did not run again until the typing was over (CI, 47 s).
            try await offPool {
                let deadline = Date().addingTimeInterval(15)
                while KeyboardMapping(display: watcher.handle) == before, Date() < deadline { usleep(1000) }
                flag.cancel()
            }
            let result = await typing.result
            #expect(throws: LiveTextError(.cancelled, "typing cancelled")) { try result.get() }
            #expect(KeyboardMapping(display: watcher.handle) == before)
            #expect(pressedKeycodes(watcher).isEmpty)
        }
    }

    @Test("a server without XTEST is 'unavailable'")
    func noXTest() async throws {
        try await TestDisplay.with(width: 320, height: 200, extraArguments: ["-extension", "XTEST"]) { server in
            let display = try X11Display(name: server.name)
            defer { display.close() }
            #expect(throws: LiveTextError(.unavailable, "the X server has no XTEST extension")) {
                try KeyboardTyper(display: display)
            }
        }
    }

    // MARK: - xterm

    private func startXterm(_ server: TestDisplay, command: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xterm")
        process.arguments = ["-u8", "-e", "sh", "-c", command]
        process.environment = ProcessInfo.processInfo.environment
            .merging(server.environment.merging(["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { $1 }) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private func stop(_ process: Process) {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Waits (up to 20 s, a hang guard) for the window to appear, then gives it the focus (no
    /// window manager runs).
    private func focusXterm(_ server: TestDisplay, _ display: X11Display) async throws {
        let deadline = Date().addingTimeInterval(20)
        var window: Window = 0
        while window == 0, Date() < deadline {
            let found = try await runCommand("/usr/bin/xdotool", ["search", "--onlyvisible", "--class", "xterm"],
                                             environment: server.environment)
            window = found.stdout.split(separator: "\n").first.flatMap { Window(String($0)) } ?? 0
            if window == 0 { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        try #require(window != 0, "xterm did not show a window")
        // A window found mapped may not be viewable yet (under load): focusing it then fails with
        // BadMatch and the keys go elsewhere. Retry until the server says it has the focus.
        var focused: Window = 0
        while focused != window, Date() < deadline {
            _ = display.trapErrors { XSetInputFocus(display.handle, window, Int32(RevertToPointerRoot), 0) }
            var revert: Int32 = 0
            XGetInputFocus(display.handle, &focused, &revert)
            if focused != window { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        try #require(focused == window, "xterm never got the input focus")
    }

    /// Waits for the xterm's `head` to have read everything (a hang guard: 60 s, since a loaded
    /// machine has been seen to take over 20 s for the xterm to read what was typed).
    private func waitForExit(_ process: Process) async -> Bool {
        (try? await offPool {
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            return !process.isRunning
        }) ?? false
    }
}
