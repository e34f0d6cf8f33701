import Foundation
import LiveTextCore
import Testing
import TestSupport
import WaylandKit

@Suite("a Wayland connection")
struct WaylandConnectionTests {
    @Test("reaches headless sway by the session's socket and sees the wlr globals livetext uses")
    func globals() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let names = try await offPool {
                let connection = try WaylandConnection(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path)
                defer { connection.close() }
                return Set(connection.globals.map(\.interface))
            }
            for interface in ["wl_compositor", "wl_shm", "wl_seat", "wl_output", "zwlr_screencopy_manager_v1",
                              "zwlr_layer_shell_v1", "zwlr_data_control_manager_v1", "zwp_virtual_keyboard_manager_v1",
                              "zxdg_output_manager_v1"] {
                #expect(names.contains(interface), "\(interface) missing from \(names.sorted())")
            }
        }
    }

    @Test("a socket that is not there is unavailable, naming it")
    func missingSocket() throws {
        let error = try #require(throws: LiveTextError.self) {
            try WaylandConnection(socket: "wayland-nowhere", runtimeDirectory: "/tmp")
        }
        #expect(error.code == .unavailable)
        #expect(error.message.contains("'wayland-nowhere' (/tmp/wayland-nowhere)"), "\(error.message)")
    }

    @Test("without WAYLAND_DISPLAY or XDG_RUNTIME_DIR, the error says which is missing")
    func nothingSet() throws {
        let none = try #require(throws: LiveTextError.self) {
            try WaylandConnection(socket: "", runtimeDirectory: "/tmp")
        }
        #expect(none.message.contains("WAYLAND_DISPLAY is not set"))
        let noRuntime = try #require(throws: LiveTextError.self) {
            try WaylandConnection(socket: "wayland-1", runtimeDirectory: "")
        }
        #expect(noRuntime.message.contains("XDG_RUNTIME_DIR is not set"))
    }

    @Test("a compositor that goes away is 'went away', not a crash or a hang")
    func compositorGone() async throws {
        let sway = try await SwayServer.start(xwayland: false)
        let connection = try await offPool {
            try WaylandConnection(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path)
        }
        defer { connection.close() }
        await sway.stop()
        let message = try await offPool { () -> String in
            do {
                try connection.roundtrip(within: .seconds(10))
                return "answered"
            } catch {
                return "\(error)"
            }
        }
        #expect(message.contains("went away"), "\(message)")
    }

    @Test("a compositor gone between requests is noticed before the next one: broken, without a request spent on it")
    func goneNoticedBeforeRequest() async throws {
        let sway = try await SwayServer.start(xwayland: false)
        let connection = try await offPool {
            try WaylandConnection(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path)
        }
        defer { connection.close() }
        connection.noticeIfGone()
        #expect(!connection.isBroken, "a compositor that is there")
        await sway.stop()
        #expect(!connection.isBroken, "nothing read yet")
        connection.noticeIfGone()
        #expect(connection.isBroken)
    }
}
