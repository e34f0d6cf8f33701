import Foundation
import LiveTextConfig
import LiveTextDesktop
import Synchronization
import Testing
import TestSupport
import X11Kit

/// The presses a `GlobalHotkeys` hands on, by name.
final class HotkeyPresses: Sendable {
    private let names = Mutex<[String]>([])

    init(_ hotkeys: GlobalHotkeys) {
        let presses = hotkeys.presses
        Task { [self] in
            for await press in presses { self.names.withLock { $0.append(press.name) } }
        }
    }

    /// The names so far, once there are `count` (or after 15 s, a hang guard).
    func wait(count: Int) async -> [String] {
        for _ in 0..<150 {
            let seen = names.withLock { $0 }
            if seen.count >= count { return seen }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return names.withLock { $0 }
    }
}

func press(_ server: TestDisplay, _ keys: String) async throws {
    let result = try await runCommand("/usr/bin/xdotool", ["key", keys], environment: server.environment)
    #expect(result.status == 0, "xdotool: \(result.stderr)")
}

@Suite("global hotkeys in the desktop layer")
struct GlobalHotkeysTests {
    static let text = Hotkey(keys: KeyCombo(modifiers: [.super, .shift], key: "T"), action: .copyText)
    static let codes = Hotkey(keys: KeyCombo(modifiers: [.control, .alt], key: "Q"), action: .codes)

    @Test("a press hands on the hotkey pressed; a new grab replaces the old combinations")
    func presses() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let hotkeys = GlobalHotkeys(displayName: server.name)
            let presses = HotkeyPresses(hotkeys)
            let outcome = await hotkeys.grab(["text": Self.text])
            #expect(outcome == GlobalHotkeys.Outcome(grabbed: ["text (Super+Shift+T)"]))
            try await press(server, "super+shift+t")
            #expect(await presses.wait(count: 1) == ["text"])

            #expect(await hotkeys.grab(["codes": Self.codes]).grabbed == ["codes (Control+Alt+Q)"])
            try await press(server, "super+shift+t")
            try await press(server, "ctrl+alt+q")
            #expect(await presses.wait(count: 2) == ["text", "codes"])
            await hotkeys.close()
        }
    }

    @Test("closed, every grab is released (another program can take the keys) and later grabs do nothing")
    func closeReleases() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let hotkeys = GlobalHotkeys(displayName: server.name)
            #expect(await hotkeys.grab(["text": Self.text]).taken.isEmpty)
            let other = try HotkeyGrabber(displayName: server.name)
            defer { other.close() }
            let binding = HotkeyBinding(id: "other", modifiers: [.super, .shift], keysym: "T")
            #expect(other.grab([binding]).count == 1)

            await hotkeys.close()
            #expect(await hotkeys.grab(["text": Self.text]) == GlobalHotkeys.Outcome())
            #expect(other.grab([binding]).isEmpty)
        }
    }

    @Test("without a display, the outcome says hotkeys are off")
    func noDisplay() async {
        let hotkeys = GlobalHotkeys(displayName: ":987")
        let outcome = await hotkeys.grab(["text": Self.text])
        #expect(outcome.off?.hasPrefix("hotkeys are off: ") == true)
        #expect(outcome.grabbed.isEmpty)
    }

    @Test("the display gone and back: told so, grabbed again, and presses arrive again")
    func displayRestart() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let lost = Mutex(0)
            let regrabbed = Mutex<[GlobalHotkeys.Outcome]>([])
            let hotkeys = GlobalHotkeys(displayName: server.name, lost: { lost.withLock { $0 += 1 } },
                                        regrabbed: { outcome in regrabbed.withLock { $0.append(outcome) } })
            let presses = HotkeyPresses(hotkeys)
            _ = await hotkeys.grab(["text": Self.text])
            try await server.restart()
            for _ in 0..<100 where regrabbed.withLock({ $0.isEmpty }) {
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(lost.withLock { $0 } == 1)
            #expect(regrabbed.withLock { $0 } == [GlobalHotkeys.Outcome(grabbed: ["text (Super+Shift+T)"])])
            try await press(server, "super+shift+t")
            #expect(await presses.wait(count: 1) == ["text"])
            await hotkeys.close()
        }
    }
}
