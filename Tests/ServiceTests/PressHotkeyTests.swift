import DBusKit
import Foundation
import Testing
import TestSupport

/// `PressHotkey`: what a Wayland compositor's binding (`livetext hotkey NAME`) asks the daemon,
/// the same run as a key press; tested here on Xvfb, where the selection can be dragged.
@Suite("hotkeys pressed over D-Bus")
struct PressHotkeyTests {
    @Test("PressHotkey runs the hotkey as its keys would: the selection, then the text on the clipboard")
    func pressedOverTheBus() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            try await XPeers.paintRoot(DesktopServiceTests.page, on: server)
            try await RunningDaemon.with(config: DesktopServiceTests.copyTextHotkey, environment: server.environment) { daemon in
                let started = try await daemon.analyzer("PressHotkey", [.string("text"), .vardict([:])])
                #expect(started.first?.bool == true)
                try await XPeers.waitForSelectionOverlay(on: server)
                try await XPeers.xdotool(DesktopServiceTests.dragOverPageAndRest(), on: server)
                #expect(try await daemon.waitForLog(containing: "hotkey text: copied"))
                let text = try await XPeers.clipboardText(on: server) ?? ""
                #expect(text.contains("Invoice 4471"), "\(text)")
            }
        }
    }

    @Test("a name the settings do not define is InvalidArgs naming those they do; the CLI exits 2 saying so")
    func unknownName() async throws {
        try await RunningDaemon.with(config: DesktopServiceTests.copyTextHotkey, environment: ["DISPLAY": ""]) { daemon in
            var failure: DBusError?
            do {
                _ = try await daemon.analyzer("PressHotkey", [.string("nope"), .vardict([:])])
            } catch let error as DBusError {
                failure = error
            }
            #expect(failure?.name == "org.livetext.Error.InvalidArgs")
            #expect(failure?.message.contains("no hotkey 'nope' in the settings; they define: text") == true,
                    "\(String(describing: failure))")
        }
    }
}
